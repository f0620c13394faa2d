/**
 * The messages between the web server and its page: what the event stream carries and what the
 * API answers. Shared by the server (src/web) and the page (src/web/page), so both sides agree on
 * one shape; types only, no runtime code.
 */
import type { AgentEvent } from '../agent/types.js';

/** A picture a tool returned, as the page fetches it (bytes stay on the server). */
export interface PagePicture {
  url: string;
  mimeType: string;
}

/** `tool_finished` with its pictures replaced by URLs. */
export type PageToolFinished = Omit<Extract<AgentEvent, { type: 'tool_finished' }>, 'images'> & { images: PagePicture[] };

/** The game at a glance, read after turns that touched a game. */
export interface GameGlance {
  game_id: number;
  title: string | null;
  /** Active level number and name, when the game is running and shows one. */
  level_number: number | null;
  level_name: string | null;
  levels_count: number | null;
  /** Why the level could not be read (game not started, finished, network…). */
  note: string | null;
}

/** What the header shows: who, where, which policy, which game. */
export interface PageStatus {
  domain: string;
  demo: boolean;
  policy: 'readonly' | 'approve' | 'full';
  signedIn: boolean;
  login: string | null;
  running: boolean;
  toolCount: number;
  model: string | null;
  game: GameGlance | null;
}

/** Every event on the stream. Agent events pass through; the rest are the server's own. */
export type PageEvent =
  | Exclude<AgentEvent, { type: 'tool_finished' }>
  | PageToolFinished
  /** The player's message, so every open tab shows it. */
  | { type: 'user_message'; turn: number; text: string }
  /** A confirmation or location request was answered (by any tab, or by the server on close). */
  | { type: 'request_settled'; id: string; outcome: 'approved' | 'denied' | 'shared' | 'failed' }
  | { type: 'status'; status: PageStatus }
  /** The conversation was cleared: drop everything shown so far. */
  | { type: 'conversation_reset' }
  /**
   * The replay a connection asked for is over and what follows is live: only now does a tab open
   * a dialog or ask for the location of requests still pending.
   */
  | { type: 'caught_up' };

/** One stream entry: the event and its position (the SSE id). */
export interface NumberedEvent {
  id: string;
  event: PageEvent;
}

/** Body of `POST /api/location`: a position, or why there is none. */
export type LocationAnswer =
  | { request_id: string; latitude: number; longitude: number; accuracy: number | null }
  | { request_id: string; error: 'denied' | 'unavailable' | 'timeout' | 'unsupported' | 'insecure' };

/** Answer of `POST /api/sign-in`. */
export type SignInAnswer =
  | { ok: true; login: string }
  | { ok: false; reason: SignInFailure; message: string; url: string | null };

export type SignInFailure =
  | 'wrong_password'
  | 'captcha'
  | 'ip_blocked'
  | 'blocked'
  | 'not_activated'
  | 'throttled'
  | 'server_error'
  | 'network'
  | 'missing'
  | 'other';

/** Answer of `GET /api/chatgpt` (and of its `start` and `cancel` POSTs). */
export interface ChatGptSignInState {
  /** The model's ChatGPT sign-in is missing or dead: the page offers a new one. */
  needed: boolean;
  phase: 'idle' | 'starting' | 'waiting' | 'signed_in' | 'failed' | 'cancelled';
  /** While waiting: the code to type at `verify_url`. */
  user_code: string | null;
  verify_url: string | null;
  /** What happened last (failure, timeout, cancel, success), in words for the player. */
  message: string | null;
}
