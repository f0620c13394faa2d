/**
 * Server-sent events from a fetch body, runtime-neutral (web streams and TextDecoder only). Both
 * model wire protocols stream this way, so the chat-completions and Responses providers share it.
 */

/** One event: its `event:` name (empty when the server sent none) and its joined `data:` lines. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Yields each event of the stream as it completes. `onChunk` runs on every network read (the
 * providers restart their idle timer there).
 *
 * @example
 * ```ts
 * for await (const { data } of readServerSentEvents(response.body!)) {
 *   if (data === '[DONE]') break;
 * }
 * ```
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  onChunk: () => void = () => {},
): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk();
      buffer += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
        if (line === '') {
          if (data.length > 0) yield { event, data: data.join('\n') };
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue; // a comment (keep-alive)
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'data') data.push(value);
        else if (field === 'event') event = value;
      }
    }
    // A last event without its blank line still counts (some servers end the body right after it).
    buffer += decoder.decode();
    if (buffer.startsWith('data:')) data.push(buffer.slice(5).trimStart());
    if (data.length > 0) yield { event, data: data.join('\n') };
  } finally {
    reader.releaseLock();
  }
}
