/**
 * `enc_device_location`: the device's position, asked of the host (only the host can reach the
 * GPS, and only the host can ask the player's permission). The tool returns exactly what the host
 * answered and nothing else, so it can never reveal a location the host did not hand over.
 */
import type { HostTool } from './host-tools.js';
import type { Waiters } from './waiters.js';

export const LOCATION_TOOL_NAME = 'enc_device_location';
/** How long the host has to answer (a first fix may need a permission prompt and a GPS warm-up). */
export const LOCATION_TIMEOUT_MS = 60_000;

/** The host's answer to one location request. */
export type LocationAnswer = { ok: true; json: string } | { ok: false; message: string };

export interface LocationToolDeps {
  waiters: Waiters<LocationAnswer>;
  /** Tells the host; false when nobody listens (the request then fails at once). */
  request(requestId: string, turn: number): boolean;
  timeoutMs?: number;
}

/**
 * @example
 * ```ts
 * const tool = locationTool({ waiters, request: (id, turn) => emit({ type: 'location_requested', request_id: id, turn }) });
 * ```
 */
export function locationTool(deps: LocationToolDeps): HostTool {
  return {
    spec: {
      name: LOCATION_TOOL_NAME,
      description:
        'Current GPS location of the player\'s device: latitude and longitude in decimal degrees (WGS 84) plus ' +
        'horizontal accuracy in meters. Use it for nearby places, distances and directions. The first call may ' +
        'take a while (permission prompt, GPS fix).',
      parameters: { type: 'object', properties: {} },
    },
    async run(_args, call) {
      const answer = deps.waiters.wait(
        call.callId,
        call.signal,
        () => ({ ok: false, message: 'the location request was cancelled' }),
        { ms: deps.timeoutMs ?? LOCATION_TIMEOUT_MS, answer: () => ({ ok: false, message: 'the device did not report its location in time' }) },
      );
      if (!deps.request(call.callId, call.turn)) {
        deps.waiters.answer(call.callId, { ok: false, message: 'no host is listening for location requests on this session' });
      }
      const outcome = await answer;
      return outcome.ok
        ? { ok: true, text: outcome.json }
        : { ok: false, text: `${LOCATION_TOOL_NAME} failed: ${outcome.message}` };
    },
  };
}
