// Screenshots of the app at given sizes and fragments, for looking at: 
//   node tests/browser/shoot.js OUTDIR [WxH[:touch]] [fragment]...
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const h = require('./helpers');

(async () => {
  const [outDir, ...rest] = process.argv.slice(2);
  const sizes = rest.filter((a) => /^\d+x\d+/.test(a));
  const fragments = rest.filter((a) => a.startsWith('#') || a === '-');
  fs.mkdirSync(outDir, { recursive: true });
  const server = await h.startServer();
  const browser = await h.launchBrowser();
  try {
    for (const size of sizes.length ? sizes : ['1280x800']) {
      const [dims, mode] = size.split(':');
      const [width, height] = dims.split('x').map(Number);
      for (const fragment of fragments.length ? fragments : ['-']) {
        const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1,
          hasTouch: mode === 'touch', isMobile: mode === 'touch' });
        const page = await context.newPage();
        page.on('pageerror', (e) => console.log('pageerror', e.message));
        await page.goto(server.url('/') + (fragment === '-' ? '' : fragment));
        await h.waitForApp(page);
        await h.frames(page, 10);
        const name = `${width}x${height}${mode ? '-' + mode : ''}-${(fragment === '-' ? 'default' : fragment).replace(/[^a-z0-9]+/gi, '_').slice(0, 40)}.png`;
        await page.screenshot({ path: path.join(outDir, name) });
        const state = await h.readState(page);
        console.log(name, JSON.stringify({ layout: state.layout, error: state.error, linkError: state.linkError, value: state.value }));
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
})();
