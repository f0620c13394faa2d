/** Two fake domains for the copy tests: the demo's stage, over HTTP or in-process. */
import { emptyGame, openDemoDomains, type DemoDomains, type DemoDomainsOptions } from '../../../src/cli/copy-demo.js';

export type FakeDomains = DemoDomains;
export { emptyGame };

export function fakeDomains(options: DemoDomainsOptions & { transport: 'http' | 'in-process' }): Promise<FakeDomains> {
  return openDemoDomains(options);
}
