/**
 * `encli web` in real headless Chromium: the page against the real AgentSession, the fake
 * Encounter engine and the scripted model server, all over loopback HTTP.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_GAME_ID, DEMO_GAMES, FAKE_CAPTCHA_DIGITS } from '../../src/demo/index.js';
import { callTools, reply, type RecordedRequest } from '../support/fake-openai.js';
import { launchBrowser, type LaunchedBrowser } from './support/browser.js';
import { STALL, startWebFixture, type WebFixture, type WebFixtureOptions } from './support/web-fixture.js';

let browser: LaunchedBrowser;
let fixture: WebFixture | null = null;
const pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const page of browser.context.pages()) await page.close().catch(() => {});
  await fixture?.close();
  fixture = null;
  // A script error in the page is a failure whatever the test checked.
  expect(pageErrors.splice(0)).toEqual([]);
});

async function start(options: WebFixtureOptions): Promise<WebFixture> {
  fixture = await startWebFixture(options);
  return fixture;
}

async function openPage(fx: WebFixture): Promise<Page> {
  const page = await browser.context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(fx.web.url);
  await page.waitForSelector('#connection.live');
  return page;
}

async function say(page: Page, text: string): Promise<void> {
  await page.fill('#message', text);
  await page.press('#message', 'Enter');
}

/** The text of the last tool message the model was sent in a request. */
function lastToolMessage(request: RecordedRequest): string {
  const messages = request.body.messages as Array<{ role: string; content: unknown }>;
  const tool = [...messages].reverse().find((m) => m.role === 'tool');
  return typeof tool?.content === 'string' ? tool.content : JSON.stringify(tool?.content);
}

// A page, a browser and three servers on a shared two-core machine: generous, never a timing assertion.
describe('encli web in Chromium', { timeout: 90_000 }, () => {
  it('reads the level, splits the collage and shows its parts side by side', async () => {
    const fx = await start({ script: [] });
    const collage = new URL('/GameImages/demo/collage.jpg', fx.fake.url).href;
    fx.model.push(
      callTools([{ name: 'enc_level', arguments: { game_id: DEMO_GAME_ID } }]),
      callTools([{ name: 'enc_split_image', arguments: { url: collage } }]),
      reply('Three parts: a yellow circle, a square, a triangle. The code is yellow.'),
    );
    const page = await openPage(fx);
    await expect.poll(() => page.textContent('#game')).toContain('Level 1/3');
    expect(await page.textContent('#policy')).toBe('asks first');

    await say(page, 'What is on the level picture?');
    await page.waitForSelector('.msg.assistant .answer:has-text("The code is yellow")');
    expect(await page.getAttribute('.tool[data-tool="enc_level"]', 'class')).toContain('done');
    expect(await page.getAttribute('.tool[data-tool="enc_split_image"]', 'class')).toContain('done');
    const parts = page.locator('.tool[data-tool="enc_split_image"] + .pictures img');
    expect(await parts.count()).toBe(3);
    // Every part decoded and shown, side by side (same row, left to right).
    const boxes = await parts.evaluateAll((images) =>
      (images as HTMLImageElement[]).map((img) => ({ loaded: img.complete && img.naturalWidth > 0, ...img.getBoundingClientRect().toJSON() })),
    );
    expect(boxes.every((b) => b.loaded)).toBe(true);
    expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x);
    expect(boxes[2]!.x).toBeGreaterThan(boxes[1]!.x);
    expect(Math.abs(boxes[2]!.y - boxes[0]!.y)).toBeLessThan(4);
    // The model was handed the parts as pictures too.
    expect(JSON.stringify(fx.model.requests[2]!.body.messages).match(/image_url/g)?.length).toBeGreaterThanOrEqual(3);

    // A part opens full size.
    await parts.first().click();
    await page.waitForSelector('#viewer[open] #viewer-image');
    expect(await page.getAttribute('#viewer-image', 'src')).toMatch(/^\/api\/pictures\/\d+$/);
  });

  it('asks before a code is sent: Deny (the default) sends nothing, Allow sends it exactly once', async () => {
    const send = callTools([{ name: 'enc_send_code', arguments: { game_id: DEMO_GAME_ID, code: 'yellow' } }]);
    const fx = await start({ script: [send, reply('You declined, nothing was sent.'), send, reply('Accepted: yellow was right.')] });
    const page = await openPage(fx);

    await say(page, 'Send yellow');
    await page.waitForSelector('#confirm[open]');
    expect(await page.textContent('#confirm-question')).toContain('"yellow"');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('confirm-deny');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.answer:has-text("nothing was sent")');
    expect(await page.getAttribute('.tool[data-tool="enc_send_code"]', 'class')).toContain('failed');
    expect(await page.textContent('.remedy')).toContain('You denied this action.');
    expect(fx.fake.submissions()).toHaveLength(0);

    await say(page, 'Send yellow, I am sure');
    await page.waitForSelector('#confirm[open]');
    await page.click('#confirm-allow');
    await page.waitForSelector('.answer:has-text("yellow was right")');
    const submissions = fx.fake.submissions();
    expect(submissions).toHaveLength(1);
    expect(submissions[0]!.body['LevelAction.Answer']).toBe('yellow');
  });

  it('closing the page denies the question it was showing', async () => {
    const send = callTools([{ name: 'enc_send_code', arguments: { game_id: DEMO_GAME_ID, code: 'yellow' } }]);
    const fx = await start({ script: [send, reply('Not sent.')] });
    const page = await openPage(fx);
    await say(page, 'Send yellow');
    await page.waitForSelector('#confirm[open]');
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => fx.model.requests.length, { timeout: 10_000 }).toBe(2);
    expect(lastToolMessage(fx.model.requests[1]!)).toMatch(/declin|denied|refus/i);
    expect(fx.fake.submissions()).toHaveLength(0);
  });

  it('streams, resumes the running turn after a reload, keeps a second tab from starting another, and stops', async () => {
    const fx = await start({ script: [reply(`${STALL}Let me look at the collage`)] });
    const page = await openPage(fx);
    await say(page, 'Think about the collage');
    await page.waitForSelector('.answer:has-text("Let me look at the collage")');
    expect(await page.isVisible('#stop')).toBe(true);

    await page.reload();
    await page.waitForSelector('#connection.live');
    await page.waitForSelector('.answer:has-text("Let me look at the collage")');
    expect(await page.isVisible('#stop')).toBe(true);
    expect(await page.isDisabled('#send')).toBe(true);

    const second = await openPage(fx);
    await second.waitForSelector('.msg.user:has-text("Think about the collage")');
    expect(await second.isDisabled('#send')).toBe(true);
    const refused = await second.evaluate(async () => {
      const response = await fetch('/api/send', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'another' }) });
      return { status: response.status, body: (await response.json()) as { error: string } };
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('already running');

    await page.click('#stop');
    await page.waitForSelector('.failure');
    await page.waitForSelector('#stop', { state: 'hidden' });
    await second.waitForSelector('.failure');
    expect(await page.isEnabled('#send')).toBe(true);

    // The session goes on after a stop.
    fx.model.push(reply('Back again.'));
    await say(second, 'Hello?');
    await page.waitForSelector('.answer:has-text("Back again.")');
    expect(fx.model.requests).toHaveLength(2);
  });

  it('shares the location only when the browser allows it', async () => {
    const locate = callTools([{ name: 'enc_device_location', arguments: {} }]);
    const fx = await start({ script: [locate, reply('You are at the Kremlin.'), locate, reply('I cannot see where you are.')] });
    const origin = fx.web.origin;
    await browser.context.grantPermissions(['geolocation'], { origin });
    await browser.context.setGeolocation({ latitude: 55.7539, longitude: 37.6208, accuracy: 15 });
    const page = await openPage(fx);
    await say(page, 'Where am I?');
    await page.waitForSelector('.answer:has-text("Kremlin")');
    const shared = JSON.parse(lastToolMessage(fx.model.requests[1]!)) as Record<string, number>;
    expect(shared).toMatchObject({ latitude: 55.7539, longitude: 37.6208, accuracy_m: 15 });

    await browser.context.clearPermissions();
    await say(page, 'And now?');
    await page.waitForSelector('.answer:has-text("cannot see")');
    expect(lastToolMessage(fx.model.requests[3]!)).toContain('did not allow');
    expect(lastToolMessage(fx.model.requests[3]!)).not.toContain('55.75');
  });

  it('shows a task whose HTML carries <script> and <img onerror> as text, running nothing', async () => {
    const hostile =
      '<p>Find the key</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">' +
      '<p>&lt;img src=x onerror="window.__pwned = 3"&gt; &lt;script&gt;window.__pwned = 4&lt;/script&gt;</p>';
    const games = DEMO_GAMES.map((g) =>
      g.id === DEMO_GAME_ID ? { ...g, levels: g.levels.map((l, i) => (i === 0 ? { ...l, tasks: [hostile] } : l)) } : g,
    );
    const fx = await start({
      engine: { games },
      script: [
        callTools([{ name: 'enc_level', arguments: { game_id: DEMO_GAME_ID } }]),
        reply('The task says: <img src=x onerror="window.__pwned = 5"><script>window.__pwned = 6</script> <b>bold</b>'),
      ],
    });
    const page = await openPage(fx);
    await say(page, 'Read the task');
    await page.waitForSelector('.answer:has-text("The task says")');
    await page.click('.tool[data-tool="enc_level"] summary');
    const result = await page.textContent('.tool[data-tool="enc_level"] pre.result');
    expect(result).toContain('onerror');
    const answer = await page.textContent('.answer');
    expect(answer).toContain('<img src=x onerror="window.__pwned = 5">');
    expect(answer).toContain('<b>bold</b>');
    const dom = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: number }).__pwned,
      injected: document.querySelectorAll('.answer *, pre *, .msg script, .msg b').length,
      images: [...document.querySelectorAll('img')].filter((img) => !img.closest('.pictures') && img.id !== 'viewer-image').length,
    }));
    expect(dom).toEqual({ pwned: undefined, injected: 0, images: 0 });
  });

  it("words the engine's anti-spam wall with a link to its check page", async () => {
    const fx = await start({ script: [callTools([{ name: 'enc_level', arguments: { game_id: DEMO_GAME_ID } }]), reply('The engine wants a human check.')] });
    fx.fake.faults.antiSpam = true;
    const page = await openPage(fx);
    await say(page, 'Read the level');
    await page.waitForSelector('.answer:has-text("human check")');
    expect(await page.textContent('.remedy')).toContain("anti-spam check");
    expect(await page.getAttribute('.remedy a', 'href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*NotHumanRequest/i);
  });

  it('fits a phone screen: no sideways scrolling, the dialog and the composer in view', async () => {
    const send = callTools([{ name: 'enc_send_code', arguments: { game_id: DEMO_GAME_ID, code: 'a-rather-long-code-to-see-wrapping-1234567890' } }]);
    const fx = await start({ script: [callTools([{ name: 'enc_level', arguments: { game_id: DEMO_GAME_ID } }]), send, reply('Done.')] });
    const page = await browser.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(fx.web.url);
    await page.waitForSelector('#connection.live');
    await say(page, 'Read the level and send the long code');
    await page.waitForSelector('#confirm[open]');
    const layout = await page.evaluate(() => {
      const box = (id: string) => document.getElementById(id)!.getBoundingClientRect().toJSON() as DOMRect;
      return { scrollWidth: document.documentElement.scrollWidth, dialog: box('confirm'), composer: box('composer-form'), allow: box('confirm-allow') };
    });
    expect(layout.scrollWidth).toBeLessThanOrEqual(390);
    expect(layout.dialog.x).toBeGreaterThanOrEqual(0);
    expect(layout.dialog.x + layout.dialog.width).toBeLessThanOrEqual(390);
    expect(layout.allow.height).toBeGreaterThanOrEqual(36);
    expect(layout.composer.y + layout.composer.height).toBeLessThanOrEqual(844);
    // Escape (the dialog's cancel) refuses like Deny.
    await page.keyboard.press('Escape');
    await page.waitForSelector('.answer:has-text("Done.")');
    expect(fx.fake.submissions()).toHaveLength(0);
    expect(await page.getAttribute('.tool[data-tool="enc_send_code"]', 'class')).toContain('failed');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('signs in from the page, with every refusal in words, and saves the session like encli login', async () => {
    const readLevel = callTools([{ name: 'enc_level', arguments: { game_id: DEMO_GAME_ID } }]);
    const fx = await start({ signedIn: false, script: [readLevel, reply('Sign in first, please.'), readLevel, reply('Level 1 is «Коллаж».')] });
    const page = await openPage(fx);
    await page.waitForSelector('#sign-in:not([hidden])');
    expect(await page.textContent('#who')).toBe('not signed in');

    // Put off, the engine refuses the assistant's read: the failed row offers the sign-in again.
    await page.click('#sign-in-later');
    await say(page, 'What is the level?');
    await page.waitForSelector('.answer:has-text("Sign in first")');
    expect(await page.getAttribute('.tool[data-tool="enc_level"]', 'class')).toContain('failed');
    await page.click('.remedy button:has-text("Sign in")');
    await page.waitForSelector('#sign-in:not([hidden])');

    const signIn = async (login: string, password: string): Promise<string> => {
      await page.fill('#sign-in-login', login);
      await page.fill('#sign-in-password', password);
      await page.click('#sign-in-submit');
      // Attached, not visible: a successful sign-in hides the form.
      await page.waitForSelector('#sign-in-submit:not([disabled])', { state: 'attached' });
      return (await page.textContent('#sign-in-error')) ?? '';
    };
    await page.waitForSelector('#sign-in-error', { state: 'hidden' });
    expect(await signIn('player1', 'wrong')).toContain('Wrong login or password');
    fx.fake.ipBlocked.add('player2');
    expect(await signIn('player2', 'secret2')).toContain('known IP addresses');
    expect(await page.getAttribute('#sign-in-error a', 'href')).toContain('UnblockIp.aspx');
    await signIn('player1', 'wrong');
    await signIn('player1', 'wrong');
    expect(await signIn('player1', 'secret')).toContain('CAPTCHA');
    await page.waitForSelector('#sign-in-captcha-row:not([hidden])');
    await page.fill('#sign-in-captcha', FAKE_CAPTCHA_DIGITS);
    await signIn('player1', 'secret');
    await page.waitForSelector('#sign-in', { state: 'hidden' });
    await expect.poll(() => page.textContent('#who')).toBe('player1');
    const saved = await fx.store.load(fx.fake.domain);
    expect(saved?.login).toBe('player1');
    expect(saved?.cookies.length).toBeGreaterThan(0);
    expect(JSON.stringify(saved)).not.toContain('secret');

    // The same session now reads the game for the assistant.
    await say(page, 'And now?');
    await page.waitForSelector('.answer:has-text("«Коллаж»")');
    expect(await page.getAttribute('.msg.assistant:last-of-type .tool[data-tool="enc_level"]', 'class')).toContain('done');
  });
});
