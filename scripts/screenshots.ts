/**
 * `npm run screenshots`: refreshes docs/images/web-desktop.png and web-phone.png — the page in the
 * system Chromium, driven through a scripted conversation with the demo game (real AgentSession,
 * fake engine and fake model on loopback; nothing leaves the machine).
 * Desktop: light theme, a finished turn that read the level and split the collage.
 * Phone: dark theme, the confirmation asked before a code is sent.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_GAME_ID } from '../src/demo/index.js';
import { callTools, reply } from '../test/support/fake-openai.js';
import { launchBrowser } from '../test/web/support/browser.js';
import { startWebFixture, type WebFixture } from '../test/web/support/web-fixture.js';

const OUT_DIR = join(import.meta.dirname, '..', 'docs', 'images');

async function conversation(fx: WebFixture): Promise<void> {
  const collage = new URL('/GameImages/demo/collage.jpg', fx.fake.url).href;
  fx.model.push(
    callTools([{ name: 'enc_level', arguments: { game_id: DEMO_GAME_ID } }]),
    callTools([{ name: 'enc_split_image', arguments: { url: collage } }]),
    reply(
      'Level 1 «Коллаж»: three pictures, three words.\n' +
        '1. a yellow circle (the sun) on blue\n2. a light square on green\n3. a black triangle on red\n' +
        'The code is the colour of the first shape in English: yellow. Shall I send it?',
    ),
    callTools([{ name: 'enc_send_code', arguments: { game_id: DEMO_GAME_ID, code: 'yellow' } }]),
  );
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const fx = await startWebFixture();
  try {
    await conversation(fx);
    const desktop = await launchBrowser({ viewport: { width: 1200, height: 860 }, colorScheme: 'light' });
    try {
      const page = await desktop.context.newPage();
      await page.goto(fx.web.url);
      await page.waitForSelector('#connection.live');
      await page.fill('#message', 'What does the level picture show? Split it if it is a collage.');
      await page.press('#message', 'Enter');
      await page.waitForSelector('.answer:has-text("Shall I send it?")');
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      await page.screenshot({ path: join(OUT_DIR, 'web-desktop.png') });
      process.stdout.write(`wrote ${join(OUT_DIR, 'web-desktop.png')}\n`);
    } finally {
      await desktop.close();
    }

    const phone = await launchBrowser({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      colorScheme: 'dark',
    });
    try {
      const page = await phone.context.newPage();
      await page.goto(fx.web.url);
      await page.waitForSelector('#connection.live');
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      await page.fill('#message', 'Yes, send yellow');
      await page.press('#message', 'Enter');
      await page.waitForSelector('#confirm[open]');
      await page.screenshot({ path: join(OUT_DIR, 'web-phone.png') });
      process.stdout.write(`wrote ${join(OUT_DIR, 'web-phone.png')}\n`);
      await page.click('#confirm-deny');
    } finally {
      await phone.close();
    }
  } finally {
    await fx.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`screenshots: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exitCode = 1;
});
