// What leaves the page: the judge input and the link copied, the embed snippets, the SVG and
// Markdown exports (the GIF is gif_maker.cpp).
#include <algorithm>
#include <cstdio>

#include "app.h"
#include "tools/export.h"
#include "ui_phrases.h"
#include "web_platform.h"

namespace gs::app {

void copyJudgeInput(App& app) {
  if (!app.doc.hasBoard()) return;
  copyToClipboard(app.doc.session().gameBoard().judge().judgeInput());
  app.toasts.show(clipboardAvailable() ? Message("Copied the board as judge input")
                                       : Message("The clipboard is not available here"));
}

void copyLink(App& app) {
  if (!app.doc.hasBoard()) return;
  const std::string& fragment = app.doc.fragment();
  if (fragment.empty()) {
    app.toasts.show(app.doc.linkProblem());
    return;
  }
  app.ui.linkShown = pageAddressWithoutFragment() + fragment;
  copyToClipboard(app.ui.linkShown);
  app.toasts.show(clipboardAvailable() ? Message("Copied the link")
                                       : Message("Select the link below and copy it"));
}

std::string embedFrameAddress(const App& app) {
  if (!app.doc.hasBoard()) return "";
  ViewOptions options = app.doc.view();
  options.embed = app.ui.embedCompact;
  options.autoplay = app.ui.embedAutoplay;
  options.readOnly = app.ui.embedReadOnly;
  auto link = makeLink(app.doc.session(), app.doc.recipe(), options);
  if (!link) return "";
  return pageAddressWithoutFragment() + link.value();
}

std::string embedSnippet(const App& app) {
  if (!app.doc.hasBoard()) return "";
  const std::string address = embedFrameAddress(app);
  if (address.empty()) {  // the board has no link: say why
    ViewOptions options = app.doc.view();
    options.embed = app.ui.embedCompact;
    auto link = makeLink(app.doc.session(), app.doc.recipe(), options);
    return link ? std::string() : link.error().toString();
  }
  // The frame works at its fixed size; the script (optional, once per page) sets its height
  // to what the board asks for: a message {type: "gamesolver:height", height} is taken only
  // from a Game Solver frame of the page, from that frame's own origin, with a sane height.
  return "<iframe class=\"gamesolver\" src=\"" + address +
         "\" width=\"640\" height=\"480\" style=\"border:0;max-width:100%\" title=\"Game Solver: " +
         app.doc.game().id() +
         "\" loading=\"lazy\"></iframe>\n"
         "<script>(function(){if(window.gamesolverFrames)return;window.gamesolverFrames=1;"
         "addEventListener('message',function(e){var d=e.data,h=d&&d.type==='gamesolver:height'"
         "?d.height:0;if(typeof h!=='number'||!(h>=100&&h<=4000))return;document."
         "querySelectorAll('iframe.gamesolver').forEach(function(f){if(f.contentWindow===e."
         "source&&new URL(f.src,location.href).origin===e.origin)f.style.height=Math.round(h)+"
         "'px'})})})()</script>";
}

std::string embedHugoLine(const App& app) {
  const std::string address = embedFrameAddress(app);
  return address.empty() ? "" : "{{< gamesolver src=\"" + address + "\" >}}";
}

std::string embedImageSnippet(const App& app, bool markdown) {
  if (!app.doc.hasBoard()) return "";
  const std::string& fragment = app.doc.fragment();
  const std::string link = pageAddressWithoutFragment() + fragment;
  const std::string image = std::string("gamesolver-") + app.doc.game().id() + ".png";
  const GameBoard& board = app.doc.session().gameBoard();
  const std::string alt = std::string(app.doc.game().id()) + ": " +
                          board.texts().describe(board.value(), board.sideToMove()).english();
  if (markdown) return "[![" + alt + "](" + image + ")](" + link + ")";
  return "<a href=\"" + link + "\"><img src=\"" + image + "\" alt=\"" + alt +
         "\" style=\"max-width:100%\"></a>";
}

void saveExport(App& app, bool svg) {
  if (!app.doc.hasBoard()) return;
  Session& session = app.doc.session();
  ExportOptions options;
  options.format = svg ? ExportFormat::kSvg : ExportFormat::kMarkdown;
  options.step = session.step();
  options.sessionLine = true;
  auto text = exportBoard(session, options);
  if (!text) {
    app.toasts.show(text.error().what());
    return;
  }
  const std::string name =
      std::string("gamesolver-") + app.doc.game().id() + (svg ? ".svg" : ".md");
  downloadText(name, svg ? "image/svg+xml" : "text/markdown", text.value());
  app.toasts.show(Message(kSaved, {{"FILE", Message::verbatim(name)}}));
}

}  // namespace gs::app
