import { describe, expect, it } from 'vitest';
import { ConversationHub, HubError, type WebAccount } from '../../src/web/hub.js';
import type { NumberedEvent, PageEvent } from '../../src/web/protocol.js';
import { ScriptedSession, type TurnScript } from './support/scripted-session.js';

const account: WebAccount = {
  domain: 'demo.en.cx',
  demo: true,
  savedLogin: async () => 'player1',
  signIn: async (login) => ({ ok: true, login }),
};

/** Timers the test fires by hand, so "the last tab left" needs no waiting. */
function manualTimers() {
  const due: Array<() => void> = [];
  return {
    setTimer: (fn: () => void) => due.push(fn),
    clearTimer: (handle: unknown) => {
      due[(handle as number) - 1] = () => {};
    },
    fireAll: () => due.splice(0).forEach((fn) => fn()),
  };
}

async function hubWith(script: TurnScript, policy: 'readonly' | 'approve' | 'full' = 'approve') {
  const session = new ScriptedSession(policy, script);
  const timers = manualTimers();
  const hub = new ConversationHub({ session, account, setTimer: timers.setTimer, clearTimer: timers.clearTimer });
  await hub.start();
  return { hub, session, timers };
}

function collect(hub: ConversationHub, lastEventId: string | null = null) {
  const entries: NumberedEvent[] = [];
  const stop = hub.subscribe(lastEventId, (entry) => entries.push(entry));
  return { entries, stop, types: () => entries.map((e) => e.event.type) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function waitFor(entries: NumberedEvent[], type: PageEvent['type']): Promise<NumberedEvent> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const found = entries.find((e) => e.event.type === type);
      if (found) resolve(found);
      else if (Date.now() - started > 5000) reject(new Error(`no ${type} event`));
      else setTimeout(poll, 5);
    };
    poll();
  });
}

describe('ConversationHub', () => {
  it('replays the whole conversation to a new tab and only the missed events to a reconnecting one', async () => {
    const { hub } = await hubWith(async (t) => {
      t.delta('Hello ');
      t.delta('there');
      return 'Hello there';
    });
    const first = collect(hub);
    hub.send('hi');
    await waitFor(first.entries, 'turn_finished');
    expect(first.types()).toContain('user_message');
    expect(first.types()).toContain('text_delta');

    // A brand-new tab: reset, every kept event, the status, then "caught up".
    const fresh = collect(hub);
    expect(fresh.types()[0]).toBe('conversation_reset');
    expect(fresh.types().at(-1)).toBe('caught_up');
    expect(fresh.types().filter((t) => t === 'text_delta')).toHaveLength(2);

    // A reconnect after the first delta gets exactly what came after it.
    const firstDelta = first.entries.find((e) => e.event.type === 'text_delta')!;
    const resumed = collect(hub, firstDelta.id);
    const replayed = resumed.entries.slice(0, -1).map((e) => e.id);
    const expected = first.entries.slice(first.entries.indexOf(firstDelta) + 1).map((e) => e.id);
    expect(replayed).toEqual(expected);
    expect(resumed.types()).not.toContain('conversation_reset');

    // An id from another server run replays everything.
    const stale = collect(hub, 'deadbeef-3');
    expect(stale.types()[0]).toBe('conversation_reset');
  });

  it('runs one turn at a time whichever tab asks', async () => {
    let release!: () => void;
    const { hub } = await hubWith(() => new Promise<string>((resolve) => (release = () => resolve('done'))));
    const tab = collect(hub);
    hub.send('first');
    expect(() => hub.send('second')).toThrow(HubError);
    expect(() => hub.send('second')).toThrow(/already running/);
    expect(hub.status().running).toBe(true);
    release();
    await waitFor(tab.entries, 'turn_finished');
    await settle();
    expect(hub.status().running).toBe(false);
    expect(tab.entries.filter((e) => e.event.type === 'user_message')).toHaveLength(1);
  });

  it('denies a pending confirmation when every tab has gone, never approves it', async () => {
    const answers: boolean[] = [];
    const { hub, timers } = await hubWith(async (t) => {
      answers.push(await t.confirm('enc_send_code', 'Submit the code "x"?'));
      return 'ok';
    });
    const tab = collect(hub);
    hub.send('send x');
    await waitFor(tab.entries, 'confirmation_requested');
    tab.stop();
    timers.fireAll();
    await settle();
    expect(answers).toEqual([false]);
    // The settled request is in the log for the next tab.
    const next = collect(hub);
    const settled = next.entries.find((e) => e.event.type === 'request_settled');
    expect(settled?.event).toMatchObject({ outcome: 'denied' });
  });

  it('denies a question asked after the last tab had already gone', async () => {
    const answers: boolean[] = [];
    let ask!: () => void;
    const { hub, timers } = await hubWith(async (t) => {
      await new Promise<void>((resolve) => (ask = resolve));
      answers.push(await t.confirm('enc_take_penalty_hint', 'Take the penalty hint?'));
      return 'ok';
    });
    const tab = collect(hub);
    hub.send('hint please');
    await waitFor(tab.entries, 'turn_started');
    tab.stop();
    timers.fireAll();
    ask();
    await settle();
    expect(answers).toEqual([]);
    timers.fireAll();
    await settle();
    expect(answers).toEqual([false]);
  });

  it('keeps a confirmation through a reconnect within the grace period', async () => {
    const answers: boolean[] = [];
    const { hub, timers } = await hubWith(async (t) => {
      answers.push(await t.confirm('enc_send_code', 'Submit?'));
      return 'ok';
    });
    const tab = collect(hub);
    hub.send('go');
    const request = await waitFor(tab.entries, 'confirmation_requested');
    tab.stop();
    const again = collect(hub, tab.entries.at(-1)!.id);
    timers.fireAll();
    hub.confirm((request.event as { call_id: string }).call_id, true);
    await waitFor(again.entries, 'turn_finished');
    expect(answers).toEqual([true]);
    expect(() => hub.confirm('call-99', true)).toThrow(/no confirmation is pending/);
  });

  it('hands the model a location as JSON and a refusal in words', async () => {
    const results: unknown[] = [];
    const { hub } = await hubWith(async (t) => {
      results.push(await t.location());
      results.push(await t.location());
      return 'ok';
    });
    const tab = collect(hub);
    hub.send('where am I?');
    const first = await waitFor(tab.entries, 'location_requested');
    hub.answerLocation({ request_id: (first.event as { request_id: string }).request_id, latitude: 55.7539, longitude: 37.6208, accuracy: 12.345 });
    await new Promise((r) => setTimeout(r, 10));
    const second = tab.entries.filter((e) => e.event.type === 'location_requested')[1]!;
    hub.answerLocation({ request_id: (second.event as { request_id: string }).request_id, error: 'denied' });
    await waitFor(tab.entries, 'turn_finished');
    expect(results[0]).toEqual({ ok: true, json: '{"latitude":55.7539,"longitude":37.6208,"accuracy_m":12.3}' });
    expect(results[1]).toEqual({ ok: false, message: 'the player did not allow this page to use the device location' });
  });

  it('serves the pictures a tool returned by URL and replaces the bytes in the event', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const { hub } = await hubWith(async (t) => {
      t.tool('enc_split_image', { parts: 2 }, '{"parts":2}', { images: [{ mimeType: 'image/png', bytes }, { mimeType: 'image/png', bytes }] });
      return 'two parts';
    });
    const tab = collect(hub);
    hub.send('split');
    const finished = await waitFor(tab.entries, 'tool_finished');
    const images = (finished.event as { images: Array<{ url: string }> }).images;
    expect(images.map((i) => i.url)).toEqual(['/api/pictures/1', '/api/pictures/2']);
    expect(hub.picture(2)?.bytes).toEqual(bytes);
    expect(JSON.stringify(finished.event)).not.toContain('"bytes"');
  });

  it('refuses an empty message and a reset while a turn runs', async () => {
    let release!: () => void;
    const { hub } = await hubWith(() => new Promise<string>((resolve) => (release = () => resolve('x'))));
    expect(() => hub.send('   ')).toThrow(/empty/);
    hub.send('go');
    expect(() => hub.reset()).toThrow(/Stop first/);
    release();
  });
});
