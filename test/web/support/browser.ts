/**
 * Real headless Chromium for the page's tests: the system's browser (Debian's `chromium`, or
 * `CHROMIUM_PATH`) driven by playwright-core. Never downloads a browser. When none is installed
 * the tests FAIL with the install command, they do not skip: a missing browser must not pass CI.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The browser binary, or an error that says how to install one. */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'no Chromium found for the browser tests (looked at ' +
        CANDIDATES.join(', ') +
        '); install it with "apt-get install -y chromium" or set CHROMIUM_PATH',
    );
  }
  return found;
}

export interface LaunchedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh profile (its own user-data-dir) per launch, removed on close. */
export async function launchBrowser(options: BrowserContextOptions = {}): Promise<LaunchedBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'encli-web-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    ...options,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
