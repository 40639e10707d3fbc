// Takes the README's screenshots of the app (one per game) from build/site:
//   node tests/browser/readme_screenshots.js [OUT_DIR]      (default imgui_app/screenshots)
// Not a test: run it by hand after a visible change to the app.
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright-core');

const root = path.resolve(__dirname, '../..');
const web = path.join(root, 'build/site');
const out = path.resolve(process.argv[2] || path.join(root, 'imgui_app/screenshots'));
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const boards = {
  staircase: '#g=staircase&b=3.3_9.4.3_6.7.6_4.5.9_0.0.0_0.0.0_0.0.0&m=1-1.2-1.1-2.1-3.3-1.2-2.2-3.3-2.3-3&s=4',
  exchange: '#g=exchange&b=4.4.4_98.98765.987654.987654321_987.9876.9876543.98765432_123.12345.1234567.123456789&m=A1.B1&s=2',
  manhattan: '#g=manhattan&r=60.30.7&m=30-30.1-1',
};

(async () => {
  const server = http.createServer((request, response) => {
    const file = path.join(web, decodeURIComponent(new URL(request.url, 'http://x').pathname));
    if (!file.startsWith(web) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
           '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
  fs.mkdirSync(out, { recursive: true });
  for (const [game, fragment] of Object.entries(boards)) {
    await page.goto(`http://127.0.0.1:${server.address().port}/index.html${fragment}`);
    await page.waitForFunction(() => window.gameSolverState && window.gameSolverState());
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(out, `${game}.png`) });
    console.log(path.join(out, `${game}.png`));
  }
  await browser.close();
  server.close();
})();
