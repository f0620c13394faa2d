/**
 * The Responses protocol for the scripted fake model server (`startFakeOpenAI(script, { wires:
 * { '/responses': responsesWire } })`): a streamed answer is the event sequence the ChatGPT
 * backend and OpenAI send — `response.created`, the message's `response.output_text.delta`s,
 * each function call's `output_item.added`, argument deltas and `output_item.done`, and last
 * `response.completed` with the whole output; a whole answer is the response object.
 */
import type { ServerResponse } from 'node:http';
import { pieces, type FakeWire } from './fake-openai.js';

const wireArguments = (call: { arguments?: unknown; rawArguments?: string }): string => call.rawArguments ?? JSON.stringify(call.arguments ?? {});

function sendEvent(res: ServerResponse, data: Record<string, unknown>, then?: () => void): void {
  res.write(`event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`, then);
}

/** The Responses wire; `/v1/responses` on the fake (the ChatGPT backend is pointed at that base in tests). */
export const responsesWire: FakeWire = (step, request, res) => {
  const model = String(request.body.model ?? 'fake-model');
  const id = `resp_fake_${Math.random().toString(36).slice(2)}`;
  const text = step.kind === 'reply' || step.kind === 'drop' ? step.text : '';
  const calls = step.kind === 'reply' ? step.toolCalls : [];
  const serial = Math.random().toString(36).slice(2, 8);
  const message = text === '' ? [] : [{ type: 'message', id: `msg_${serial}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text, annotations: [] }] }];
  const functionCalls = calls.map((c, i) => ({
    type: 'function_call',
    id: `fc_${serial}_${i}`,
    call_id: c.id ?? `call_${serial}_${i}`,
    name: c.name,
    arguments: wireArguments(c),
    status: 'completed',
  }));
  const output = [...message, ...functionCalls];
  const response = { id, object: 'response', model, status: 'completed', output, usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 } };
  if (request.body.stream !== true) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(response));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  sendEvent(res, { type: 'response.created', response: { id, status: 'in_progress', output: [] } });
  const parts = pieces(text);
  if (step.kind === 'drop') {
    for (const p of parts) sendEvent(res, { type: 'response.output_text.delta', item_id: `msg_${serial}`, output_index: 0, delta: p });
    res.write(': cut\n\n', () => res.destroy());
    return;
  }
  if (message.length) {
    sendEvent(res, { type: 'response.output_item.added', output_index: 0, item: { ...message[0], content: [] } });
    for (const p of parts) sendEvent(res, { type: 'response.output_text.delta', item_id: `msg_${serial}`, output_index: 0, content_index: 0, delta: p });
    sendEvent(res, { type: 'response.output_item.done', output_index: 0, item: message[0] });
  }
  functionCalls.forEach((call, i) => {
    const index = message.length + i;
    const cut = Math.floor(call.arguments.length / 2);
    sendEvent(res, { type: 'response.output_item.added', output_index: index, item: { ...call, arguments: '', status: 'in_progress' } });
    sendEvent(res, { type: 'response.function_call_arguments.delta', item_id: call.id, output_index: index, delta: call.arguments.slice(0, cut) });
    sendEvent(res, { type: 'response.function_call_arguments.delta', item_id: call.id, output_index: index, delta: call.arguments.slice(cut) });
    sendEvent(res, { type: 'response.function_call_arguments.done', item_id: call.id, output_index: index, arguments: call.arguments });
    sendEvent(res, { type: 'response.output_item.done', output_index: index, item: call });
  });
  sendEvent(res, { type: 'response.completed', response }, () => res.end());
};
