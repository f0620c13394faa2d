/** Two domains of in-memory admin state wired as the copy's sessions. */
import type { CopySessions } from '../../../src/copy/index.js';
import { MemoryAdmin } from './memory-admin.js';

export interface TwoDomains {
  source: MemoryAdmin;
  target: MemoryAdmin;
  sessions: CopySessions;
  /** Domains `openSource` was asked for. */
  opened: string[];
}

/** Target on tech.en.cx; svk.en.cx has a saved session unless `sourceSaved` is false. */
export function twoDomains(options: { sourceSaved?: boolean } = {}): TwoDomains {
  const source = new MemoryAdmin('svk.en.cx');
  const target = new MemoryAdmin('tech.en.cx');
  const opened: string[] = [];
  const sessions: CopySessions = {
    target,
    openSource: async (domain) => {
      opened.push(domain);
      return domain === 'svk.en.cx' && options.sourceSaved !== false ? source : null;
    },
  };
  return { source, target, sessions, opened };
}

/** Write calls an admin received (everything but reads). */
export function writeCalls(admin: { calls: string[] }): string[] {
  const reads = /^(checkSession|exportScenario|listLevels|readLevel|listSectors)\b/;
  return admin.calls.filter((c) => !reads.test(c));
}
