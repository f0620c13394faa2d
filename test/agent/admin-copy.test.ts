/**
 * "Copy game 82864 from svk.en.cx into 123 here" through the agent: the scripted fake model calls
 * inspect_game_scenario then admin_copy_game on the fake engine's two demo domains (real admin
 * pages over the in-process handler); the host is asked with the source, the target and the
 * counts; an approved copy verifies, a declined one leaves the target untouched.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/agent/types.js';
import { DEMO_SOURCE_DOMAIN, DEMO_SOURCE_GAME_ID, DEMO_TARGET_DOMAIN, DEMO_TARGET_GAME_ID, openCopyDemo, type CopyDemo } from '../../src/cli/copy-demo.js';
import { callTools, reply } from '../support/fake-openai.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness | undefined;
let copy: CopyDemo | undefined;
afterEach(async () => {
  await h?.close();
  await copy?.close();
  h = undefined;
  copy = undefined;
});

type Asked = Extract<AgentEvent, { type: 'confirmation_requested' }>;
type Finished = Extract<AgentEvent, { type: 'tool_finished' }>;

const COPY_ARGS = { source_domain: DEMO_SOURCE_DOMAIN, source_game_id: DEMO_SOURCE_GAME_ID, target_game_id: DEMO_TARGET_GAME_ID };

/** The agent with the copy demo's sessions as its admin option; every question answered by `approve`. */
async function start(approve: boolean, policy: 'approve' | 'readonly' = 'approve'): Promise<Harness> {
  copy = await openCopyDemo();
  h = await startHarness({
    config: { policy },
    session: { admin: copy.sessions },
    script: [
      callTools([{ name: 'inspect_game_scenario', arguments: { source_domain: DEMO_SOURCE_DOMAIN, source_game_id: DEMO_SOURCE_GAME_ID } }]),
      callTools([{ name: 'admin_copy_game', arguments: COPY_ARGS }]),
      reply('Done.'),
    ],
  });
  h.session.on((e) => {
    if (e.type === 'confirmation_requested') h!.session.resolveConfirmation(e.call_id, approve);
  });
  return h;
}

/** What the model was sent as the result of `tool` in the last request. */
function toolResultSent(harness: Harness, tool: string): string {
  const messages = harness.model.requests.at(-1)!.body.messages as Array<{ role: string; content: unknown; tool_call_id?: string; tool_calls?: Array<{ id: string; function: { name: string } }> }>;
  const id = messages.flatMap((m) => m.tool_calls ?? []).find((c) => c.function.name === tool)?.id;
  const result = messages.find((m) => m.role === 'tool' && m.tool_call_id === id);
  if (!result) throw new Error(`no result of ${tool} was sent to the model`);
  return typeof result.content === 'string' ? result.content : JSON.stringify(result.content);
}

async function targetLevels(): Promise<number> {
  return (await copy!.sessions.target.exportScenario(DEMO_TARGET_GAME_ID)).levels.length;
}

describe('the game copy through the agent', () => {
  it('lists the admin tools only when the session is given the admin option', async () => {
    h = await startHarness();
    const plain = h.session.toolCount;
    await h.close();
    await start(true);
    expect(h!.session.toolCount).toBe(plain + 2);
  });

  it('inspect, then the copy asked with source, target and counts; approved, it writes and verifies', async () => {
    await start(true);
    expect(await targetLevels()).toBe(0);
    const answer = await h!.session.send('Copy game 82864 from svk.en.cx into 123 here');
    expect(answer).toBe('Done.');

    const inspected = JSON.parse(toolResultSent(h!, 'inspect_game_scenario'));
    expect(inspected).toMatchObject({ source_domain: DEMO_SOURCE_DOMAIN, levels: 3, sectors: 5 });

    const asked = h!.events.filter((e): e is Asked => e.type === 'confirmation_requested');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.tool).toBe('admin_copy_game');
    const question = asked[0]!.question;
    expect(question).toContain(`game ${DEMO_SOURCE_GAME_ID} on ${DEMO_SOURCE_DOMAIN}`);
    expect(question).toContain(`game ${DEMO_TARGET_GAME_ID} on ${DEMO_TARGET_DOMAIN}`);
    expect(question).toContain('3 levels');
    expect(question).toContain('5 sectors');

    const finished = h!.events.filter((e): e is Finished => e.type === 'tool_finished' && e.tool === 'admin_copy_game');
    expect(finished).toHaveLength(1);
    expect(finished[0]!.is_error).toBe(false);
    const result = JSON.parse(toolResultSent(h!, 'admin_copy_game'));
    expect(result).toMatchObject({ success: true, verified: true });
    expect(await targetLevels()).toBe(3);
  });

  it('declined, the copy writes nothing to the target and the model is told so', async () => {
    await start(false);
    const before = await copy!.sessions.target.exportScenario(DEMO_TARGET_GAME_ID);
    await h!.session.send('Copy game 82864 from svk.en.cx into 123 here');
    expect(h!.events.filter((e) => e.type === 'confirmation_requested')).toHaveLength(1);
    const finished = h!.events.find((e): e is Finished => e.type === 'tool_finished' && e.tool === 'admin_copy_game');
    expect(finished).toMatchObject({ is_error: true, failure_kind: 'declined' });
    expect(toolResultSent(h!, 'admin_copy_game')).toMatch(/declined/i);
    expect(await copy!.sessions.target.exportScenario(DEMO_TARGET_GAME_ID)).toEqual(before);
  });

  it('read-only: the copy is refused without a question and nothing is written', async () => {
    await start(true, 'readonly');
    await h!.session.send('Copy game 82864 from svk.en.cx into 123 here');
    expect(h!.events.filter((e) => e.type === 'confirmation_requested')).toHaveLength(0);
    expect(toolResultSent(h!, 'admin_copy_game')).toMatch(/read-?only|policy/i);
    expect(await targetLevels()).toBe(0);
  });
});
