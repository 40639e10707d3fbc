// The toolbar (the app's name, the games, the rules and the sharing controls, always on screen)
// and the popups it opens: the rules with the legend, and the embed snippet.
#include <algorithm>
#include <cmath>
#include <string>

#include "fonts.h"
#include "game_view.h"
#include "imgui_internal.h"  // a dialog's title bar, for its x
#include "web_platform.h"

namespace gs::app {
namespace {

void gameButtons(App& app, float width) {
  const auto& all = games();
  for (std::size_t k = 0; k < all.size(); ++k) {
    const Game& game = *all[k];
    const bool selected = &app.doc.game() == &game && app.doc.hasBoard() && !app.ui.rules.open;
    if (k) sameLineIfFits(width);
    if (selected)
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (button(trLabel(game.id()).c_str(), ImVec2(width, 0)) && !selected) {
      // A new game opens on a random board of its default sizes.
      std::vector<std::int64_t> fields;
      for (const RecipeField& field : game.recipeFields()) fields.push_back(field.appDefault);
      loadRecipeFields(app, game, fields);
    }
    if (selected) ImGui::PopStyleColor();
    app.widgets.record(std::string("game-") + game.id());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", trText(game.info().source).c_str());
  }
  // A game of the user's own, written as rules (rules_view.cpp).
  sameLineIfFits(width);
  const bool selected = app.ui.rules.open;
  if (selected)
    ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  if (button(trLabel("Your game").c_str(), ImVec2(width, 0)) && !selected) openYourGame(app);
  if (selected) ImGui::PopStyleColor();
  app.widgets.record("game-rules");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", tr("Write a game's rules in Lua and solve it"));
}

void shareButtons(App& app) {
  if (button(trLabel("Copy link").c_str())) copyLink(app);
  app.widgets.record("copy-link");
  sameLineIfFits(buttonWidth(tr("Embed")));
  if (button(trLabel("Embed").c_str())) app.focus.openDialog(Dialog::kEmbed, "embed");
  app.widgets.record("embed");
  sameLineIfFits(buttonWidth(tr("Save image")));
  if (button(trLabel("Save image").c_str())) app.images.requestBoard();
  app.widgets.record("save-image");
  sameLineIfFits(buttonWidth(tr("Save GIF")));
  if (button(tr("Save GIF"))) app.gif.start();
  app.widgets.record("save-gif");
}

// The language switch: names the other language in its own words.
const char* languageButtonLabel(const App& app) {
  return app.language() == Language::kChinese ? "English" : "中文";
}

void languageButton(App& app) {
  if (button((std::string(languageButtonLabel(app)) + "###lang").c_str())) app.switchLanguage();
  app.widgets.record("lang");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s",
                      app.language() == Language::kChinese ? "Switch to English" : "切换到中文");
}

// Help: the site's guides, in a tab of their own (drawn where guidesAvailable()).
void helpButton(App& app, float width) {
  if (button(trLabel("Help").c_str(), ImVec2(width, 0)) && !openGuides())
    app.toasts.show(
        "The browser did not open a new tab: the guides are at guides/ beside this "
        "page.");
  app.widgets.record("help");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("The guides, in a new tab"));
}

void title(App& app) {
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kBest);
  ImGui::TextUnformatted(tr("Game Solver"));
  ImGui::PopStyleColor();
  app.widgets.record("title", false);
}

}  // namespace

void drawToolbar(App& app) {
  const bool phone = app.layout() == Layout::kPhone;
  title(app);
  ImGui::SameLine();
  if (phone) {
    // Phones: the name and Rules, then the games, then sharing, each on a line of its own.
    const float language = buttonWidth(languageButtonLabel(app));
    const float help = guidesAvailable() ? 60 + ImGui::GetStyle().ItemSpacing.x : 0;
    ImGui::SameLine(ImGui::GetContentRegionAvail().x - 60 - help - language -
                    ImGui::GetStyle().ItemSpacing.x + ImGui::GetCursorPosX());
    languageButton(app);
    ImGui::SameLine();
    if (button(trLabel("Rules").c_str(), ImVec2(60, 0)))
      app.focus.openDialog(Dialog::kRules, "rules");
    app.widgets.record("rules");
    if (help > 0) {
      ImGui::SameLine();
      helpButton(app, 60);
    }
    const float width =
        std::floor((ImGui::GetContentRegionAvail().x - 3 * ImGui::GetStyle().ItemSpacing.x) / 4);
    gameButtons(app, width);
    shareButtons(app);
  } else {
    if (ImGui::GetContentRegionAvail().x > 1000) {
      ImGui::TextDisabled("%s", tr("exact solutions of judge games"));
      ImGui::SameLine(0, 24);
    }
    // (a tablet's row keeps the language switch with narrower game buttons)
    gameButtons(app, app.layout() == Layout::kWide ? 100 : 86);
    sameLineIfFits(buttonWidth(tr("Rules")), 16);
    if (button(trLabel("Rules").c_str())) app.focus.openDialog(Dialog::kRules, "rules");
    app.widgets.record("rules");
    if (guidesAvailable()) {
      sameLineIfFits(buttonWidth(tr("Help")));
      helpButton(app, 0);
    }
    sameLineIfFits(buttonWidth(tr("Copy link")), 16);
    shareButtons(app);
    sameLineIfFits(buttonWidth(languageButtonLabel(app)), 16);
    languageButton(app);
  }
  // A first visit: what to do first, in one line, until another board is opened.
  if (app.ui.firstVisitBoard == kFirstVisitOpening && app.doc.hasBoard() && !app.doc.solving())
    app.ui.firstVisitBoard = app.doc.boardVersion();  // the default board, on screen
  if (app.ui.firstVisitBoard >= 0 && app.ui.firstVisitBoard != app.doc.boardVersion())
    app.ui.firstVisitBoard = -1;
  if (app.ui.firstVisitBoard >= 0) {
    // (the judge box is under Edit board on a tablet's and a phone's tabs)
    const char* line =
        phone ? tr("Start: paste your input in Edit board, or tap Your game.")
        : app.layout() == Layout::kWide
            ? tr("To start: paste your problem's input into Judge input and press Load, or "
                 "press Your game to write your own game.")
            : tr("To start: paste your problem's input under Edit board and press Load, or "
                 "press Your game to write your own game.");
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kBest);
    textWrapped("%s", line);
    ImGui::PopStyleColor();
    app.widgets.recordValue("first-visit", line);
    app.widgets.record("first-visit", false);
  }
  if (!app.ui.linkShown.empty()) {
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##link", app.ui.linkShown.data(), app.ui.linkShown.size() + 1,
                     ImGuiInputTextFlags_ReadOnly);
    app.widgets.recordTextField("link-text");
  }
  ImGui::Separator();
}

namespace {

// A box of text to copy (the snippets): wrapped, all of it visible up to `maxHeight`.
void snippetBox(const char* id, const std::string& text, float maxHeight) {
  ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(20, 22, 26, 255));
  const float height =
      ImGui::CalcTextSize(text.c_str(), nullptr, false, ImGui::GetContentRegionAvail().x - 16).y +
      16;
  ImGui::BeginChild(id, ImVec2(0, std::min(height, maxHeight)), true);
  ImGui::PushTextWrapPos(0);
  mirrorText(text.c_str());
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

// Opens the dialog's ImGui popup while the app has it open; Escape closes it (as its Close
// button and its title bar's x do). Returns whether its contents are to be drawn.
// The dialog on screen and its text, for its DOM mirror (dialogMirror), collected as it is drawn.
struct MirroredDialog {
  std::string title;
  std::vector<std::string> lines;
} mirroredDialog;

// Dimmed text, copied into the mirror like textWrapped()'s.
void dimText(const char* text) {
  mirrorText(text);
  ImGui::TextDisabled("%s", text);
}

bool beginDialog(App& app, Dialog dialog, const std::string& title) {
  bool open = app.focus.dialog() == dialog;
  if (open && !ImGui::IsPopupOpen(title.c_str())) ImGui::OpenPopup(title.c_str());
  // The title bar's x is as wide as the text's height plus the frame's padding each side: on a
  // touch device that padding makes it a finger's size (the bar is already kTouchTarget tall).
  const float fontSize = ImGui::GetFontSize();
  const bool touch = touchTargets();
  if (touch)
    ImGui::PushStyleVar(
        ImGuiStyleVar_FramePadding,
        ImVec2(std::max(ImGui::GetStyle().FramePadding.x, (kTouchTarget - fontSize) / 2),
               ImGui::GetStyle().FramePadding.y));
  const bool shown = ImGui::BeginPopupModal(title.c_str(), &open, ImGuiWindowFlags_NoSavedSettings);
  if (shown) {
    // ImGui's x: at the title bar's right end, the text's size plus the frame's padding.
    const ImRect bar = ImGui::GetCurrentWindow()->TitleBarRect();
    const ImVec2 padding = ImGui::GetStyle().FramePadding;
    const ImVec2 size(fontSize + 2 * padding.x, fontSize + 2 * padding.y);
    app.widgets.beginModal();
    app.widgets.recordControl("dialog-close-x", ImVec2(bar.Max.x - size.x, bar.Min.y),
                              ImVec2(bar.Max.x, bar.Min.y + size.y));
    app.widgets.endModal();
  }
  if (touch) ImGui::PopStyleVar();
  if (!shown) {
    if (app.focus.dialog() == dialog) app.focus.closeDialog();  // closed by ImGui (its x)
    return false;
  }
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) open = false;
  if (!open) {
    app.focus.closeDialog();
    ImGui::CloseCurrentPopup();
  }
  app.widgets.beginModal();
  mirroredDialog.title = title.substr(0, title.find("###"));
  mirroredDialog.lines.clear();
  mirrorTextInto(&mirroredDialog.lines);
  return true;
}

void endDialog(App& app) {
  mirrorTextInto(nullptr);
  app.widgets.endModal();
  ImGui::EndPopup();
}

void closeButton(App& app, const char* name, float width) {
  if (button(trLabel("Close").c_str(), ImVec2(width, 0))) {
    app.focus.closeDialog();
    ImGui::CloseCurrentPopup();
  }
  app.widgets.record(name);
}

}  // namespace

void drawPopups(App& app) {
  mirroredDialog.title.clear();
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float width = std::min(640.0f, viewport->Size.x - 24);
  const ImVec2 center(viewport->Pos.x + viewport->Size.x / 2,
                      viewport->Pos.y + viewport->Size.y / 2);
  ImGui::SetNextWindowPos(center, ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(width, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, viewport->Size.y - 24));
  if (beginDialog(app, Dialog::kRules, trLabel("Rules") + "-popup")) {
    const Game& game = app.doc.game();
    textWrapped("%s", trText(game.info().title).c_str());
    dimText(trText(game.info().source).c_str());
    ImGui::Separator();
    const std::string rules = trText(game.info().rules);
    for (std::size_t begin = 0; begin <= rules.size();) {
      std::size_t end = rules.find('\n', begin);
      if (end == std::string::npos) end = rules.size();
      textWrapped("%s", rules.substr(begin, end - begin).c_str());
      ImGui::Spacing();
      begin = end + 1;
    }
    app.widgets.record("rules-text", false);
    ImGui::Separator();
    dimText(tr("What the board shows"));
    viewOf(game).drawLegend(app);
    textWrapped("%s", trText(metricLegend(game.info().metric)).c_str());
    legendEntry(palette::kBest, "\xE2\x98\x85", tr("the best move (or one of them)"));
    legendEntry(palette::kCursor, "?!", tr("an inaccuracy: the same outcome, more slowly"));
    legendEntry(palette::kMistake, "?", tr("a mistake: points lost, the same winner"));
    legendEntry(palette::kBlunder, "??", tr("a blunder: it changes who wins"));
    closeButton(app, "rules-close", 120);
    endDialog(app);
  }
  ImGui::SetNextWindowPos(center, ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(width, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, viewport->Size.y - 24));
  if (beginDialog(app, Dialog::kEmbed, trLabel("Embed this board"))) {
    textWrapped("%s", tr("Paste this into a blog post or any page that allows iframes:"));
    ImGui::Checkbox(trLabel("Compact (board, value and replay only)").c_str(),
                    &app.ui.embedCompact);
    app.widgets.record("embed-compact");
    ImGui::Checkbox(trLabel("Autoplay the optimal line").c_str(), &app.ui.embedAutoplay);
    app.widgets.record("embed-autoplay");
    ImGui::Checkbox(trLabel("Read-only (no moves by clicking)").c_str(), &app.ui.embedReadOnly);
    app.widgets.record("embed-readonly");
    const std::string snippet = embedSnippet(app);
    snippetBox("snippet", snippet, 120.0f);
    app.widgets.record("embed-snippet", false);
    if (button(trLabel("Copy snippet").c_str())) {
      copyToClipboard(snippet);
      app.toasts.show("Copied the embed snippet");
    }
    app.widgets.record("copy-snippet");
    // Blogs as they are: Hugo drops raw HTML unless told otherwise; its shortcode (shipped in
    // the repository) writes the same frame.
    textWrapped("%s", tr("Hugo drops raw HTML: add the shortcode 'web/examples/hugo/layouts/"
                         "shortcodes/gamesolver.html' to the site and paste this line instead. "
                         "Hexo and Jekyll: the snippet inside a raw tag; WordPress: a Custom "
                         "HTML block."));
    const std::string hugo = embedHugoLine(app);
    snippetBox("hugo", hugo, 80.0f);
    if (button(trLabel("Copy the Hugo shortcode").c_str())) {
      copyToClipboard(hugo);
      app.toasts.show("Copied the Hugo shortcode");
    }
    app.widgets.record("copy-hugo");
    ImGui::Separator();
    textWrapped("%s", tr("For hosts that strip iframes (Luogu editorials, many blogs): save "
                         "the image, upload it beside the post, and paste a picture that "
                         "links to the live board:"));
    if (button(trLabel("Save image").c_str())) app.images.requestPost();
    app.widgets.record("embed-save-image");
    ImGui::SameLine();
    if (button(trLabel("Save SVG").c_str())) saveExport(app, true);
    app.widgets.record("save-svg");
    ImGui::SameLine();
    if (button(trLabel("Save Markdown").c_str())) saveExport(app, false);
    app.widgets.record("save-md");
    for (int markdown = 0; markdown < 2; ++markdown) {
      const std::string text = embedImageSnippet(app, markdown == 1);
      snippetBox(markdown ? "image-md" : "image-html", text, 64.0f);
      if (button(trLabel(markdown ? "Copy the Markdown" : "Copy the HTML").c_str())) {
        copyToClipboard(text);
        app.toasts.show("Copied the image link");
      }
      app.widgets.record(markdown ? "copy-image-md" : "copy-image-html");
    }
    closeButton(app, "embed-close", 100);
    endDialog(app);
  }
  dialogMirror(mirroredDialog.title, mirroredDialog.lines);
}

}  // namespace gs::app
