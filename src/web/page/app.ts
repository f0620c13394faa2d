/**
 * The page controller: one Server-Sent Events stream in (every tab sees the same conversation; the
 * browser reconnects by itself and resumes from the last event it saw), plain JSON POSTs out.
 * It owns the header, the composer, the sign-in form, the confirmation dialog and the location
 * requests; `ConversationView` draws the conversation.
 * Browser code: runs in the page, compiled by the project's own `tsc`.
 */
import type { ChatGptSignInState, PageEvent, PagePicture, PageStatus, SignInAnswer } from '../protocol.js';
import { ConversationView, el } from './view.js';

const $ = <T extends HTMLElement>(id: string): T => {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page lacks #${id}`);
  return node as T;
};

const POLICY_BADGES: Record<PageStatus['policy'], { label: string; title: string }> = {
  readonly: { label: 'read-only', title: 'The assistant can read the game but cannot send codes or take hints.' },
  approve: { label: 'asks first', title: 'The assistant asks you before every action that changes the game.' },
  full: { label: 'acts freely', title: 'The assistant sends codes and takes hints WITHOUT asking.' },
};

interface PendingConfirmation {
  callId: string;
  tool: string;
  title: string;
  question: string;
  facts: Array<{ label: string; value: string }>;
}

/** Geolocation error codes (PERMISSION_DENIED 1, POSITION_UNAVAILABLE 2, TIMEOUT 3) in the API's words. */
const GEO_ERRORS = { 1: 'denied', 2: 'unavailable', 3: 'timeout' } as const;

/**
 * Whether a position fixed in the last 30 s may answer. Only while the browser reports the
 * permission as granted: Chromium 150 hands a cached position to a page whose permission was
 * revoked after the fix, so with any other state (or no Permissions API) the position is fixed
 * afresh and the browser's own decision stands.
 */
async function cachedPositionAllowed(): Promise<boolean> {
  try {
    return (await navigator.permissions.query({ name: 'geolocation' })).state === 'granted';
  } catch {
    return false;
  }
}

class PageController {
  private readonly view: ConversationView;
  private status: PageStatus | null = null;
  /** Confirmations still waiting, oldest first; the dialog shows the first. */
  private readonly confirmations: PendingConfirmation[] = [];
  private readonly locations = new Set<string>();
  private readonly askedLocations = new Set<string>();
  /** False while the stream replays history: replayed requests must not open dialogs on their own. */
  private live = false;
  private signInDismissed = false;
  private chatgptDismissed = false;
  private chatgptTimer: number | null = null;
  private readonly dialog = $<HTMLDialogElement>('confirm');
  private readonly viewer = $<HTMLDialogElement>('viewer');

  constructor() {
    this.view = new ConversationView($('conversation'), {
      openPicture: (picture) => this.openPicture(picture),
      showSignIn: () => this.showSignIn(true),
    });
    this.wireComposer();
    this.wireSignIn();
    this.wireChatGpt();
    this.wireDialogs();
    this.connect();
    // Closing (or leaving) the page is a "no" to every question it was showing.
    window.addEventListener('pagehide', () => {
      for (const pending of this.confirmations) void post('/api/confirm', { call_id: pending.callId, approved: false }, true);
    });
  }

  private connect(): void {
    const source = new EventSource('/api/events');
    const connection = $('connection');
    source.addEventListener('open', () => {
      connection.textContent = 'live';
      connection.classList.add('live');
    });
    source.addEventListener('error', () => {
      connection.textContent = 'reconnecting…';
      connection.classList.remove('live');
      this.live = false;
    });
    source.addEventListener('message', (message) => {
      let event: PageEvent;
      try {
        event = JSON.parse(message.data) as PageEvent;
      } catch {
        return;
      }
      this.apply(event);
    });
  }

  private apply(event: PageEvent): void {
    switch (event.type) {
      case 'conversation_reset':
        this.view.clear();
        this.confirmations.length = 0;
        this.locations.clear();
        this.closeConfirmDialog();
        return;
      case 'status':
        this.applyStatus(event.status);
        // A turn that ended may have found the ChatGPT sign-in dead.
        void this.refreshChatGpt();
        return;
      case 'caught_up':
        this.live = true;
        this.showNextConfirmation();
        for (const id of this.locations) this.shareLocation(id);
        return;
      case 'confirmation_requested':
        this.confirmations.push({ callId: event.call_id, tool: event.tool, title: event.title, question: event.question, facts: event.facts ?? [] });
        if (this.live) this.showNextConfirmation();
        break;
      case 'location_requested':
        this.locations.add(event.request_id);
        if (this.live) this.shareLocation(event.request_id);
        break;
      case 'request_settled':
        this.settle(event.id);
        break;
      default:
        break;
    }
    this.view.apply(event);
  }

  // -- header and composer ---------------------------------------------------------------------

  private applyStatus(status: PageStatus): void {
    this.status = status;
    $('domain').textContent = status.demo ? `${status.domain} (demo)` : status.domain;
    $('who').textContent = status.signedIn ? (status.login ?? '') : 'not signed in';
    const badge = $('policy');
    const policy = POLICY_BADGES[status.policy];
    badge.textContent = policy.label;
    badge.title = policy.title;
    badge.className = `badge ${status.policy}`;
    badge.hidden = false;
    this.renderGame(status);
    $('sign-in-domain').textContent = status.domain;
    $('show-sign-in').hidden = status.signedIn;
    this.showSignIn(!status.signedIn && !this.signInDismissed);
    $<HTMLButtonElement>('send').disabled = status.running;
    $('stop').hidden = !status.running;
    $<HTMLButtonElement>('reset').disabled = status.running;
  }

  private renderGame(status: PageStatus): void {
    const box = $('game');
    const game = status.game;
    box.hidden = game === null;
    if (!game) return;
    const parts: Array<Node | string> = [`Game ${game.game_id}`];
    if (game.title) parts.push(` · ${game.title}`);
    if (game.level_number !== null) {
      const of = game.levels_count ? `/${game.levels_count}` : '';
      const name = game.level_name ? ` «${game.level_name}»` : '';
      parts.push(' · ', el('span', { class: 'level' }, `Level ${game.level_number}${of}${name}`));
    } else if (game.note) {
      parts.push(' · ', el('span', { class: 'note' }, game.note));
    }
    box.replaceChildren(...parts);
    box.title = box.textContent ?? '';
  }

  private wireComposer(): void {
    const form = $<HTMLFormElement>('composer-form');
    const input = $<HTMLTextAreaElement>('message');
    const grow = (): void => {
      input.style.height = 'auto';
      input.style.height = `${Math.min(input.scrollHeight, window.innerHeight * 0.4)}px`;
    };
    input.addEventListener('input', grow);
    input.addEventListener('keydown', (e) => {
      // Enter sends, Shift+Enter breaks the line (as chat apps do); not while composing (IME).
      if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
        e.preventDefault();
        form.requestSubmit();
      }
    });
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (text === '' || this.status?.running) return;
      const answer = await post('/api/send', { text });
      if (answer.ok) {
        input.value = '';
        grow();
      } else {
        this.notice(answer.error);
      }
    });
    $('stop').addEventListener('click', () => void post('/api/stop', {}));
    $('reset').addEventListener('click', async () => {
      const answer = await post('/api/reset', {});
      if (!answer.ok) this.notice(answer.error);
    });
  }

  private notice(text: string): void {
    const conversation = $('conversation');
    const note = el('p', { class: 'notice', role: 'status' }, text);
    conversation.append(note);
    note.scrollIntoView({ block: 'end' });
  }

  // -- sign-in -----------------------------------------------------------------------------------

  private showSignIn(show: boolean): void {
    if (show) this.signInDismissed = false;
    const section = $('sign-in');
    const wasHidden = section.hidden;
    section.hidden = !show;
    if (show && wasHidden) $<HTMLInputElement>('sign-in-login').focus();
  }

  private wireSignIn(): void {
    const form = $<HTMLFormElement>('sign-in-form');
    const error = $('sign-in-error');
    $('sign-in-later').addEventListener('click', () => {
      this.signInDismissed = true;
      this.showSignIn(false);
    });
    $('show-sign-in').addEventListener('click', () => this.showSignIn(true));
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const login = $<HTMLInputElement>('sign-in-login').value.trim();
      const password = $<HTMLInputElement>('sign-in-password').value;
      const captcha = $<HTMLInputElement>('sign-in-captcha').value.trim();
      if (login === '' || password === '') {
        error.textContent = 'Enter your login and password.';
        error.hidden = false;
        return;
      }
      const submit = $<HTMLButtonElement>('sign-in-submit');
      submit.disabled = true;
      submit.textContent = 'Signing in…';
      const answer = await post<SignInAnswer>('/api/sign-in', { login, password, captcha });
      submit.disabled = false;
      submit.textContent = 'Sign in';
      if (answer.ok && answer.data.ok) {
        error.hidden = true;
        $<HTMLInputElement>('sign-in-password').value = '';
        $<HTMLInputElement>('sign-in-captcha').value = '';
        $('sign-in-captcha-row').hidden = true;
        this.showSignIn(false);
        return;
      }
      const failed = answer.ok ? answer.data : answer.data && !answer.data.ok ? answer.data : null;
      if (failed && !failed.ok) {
        error.replaceChildren(failed.message);
        if (failed.url) {
          error.append(' ', el('a', { href: failed.url, target: '_blank', rel: 'noopener noreferrer' }, failed.url));
        }
        $('sign-in-captcha-row').hidden = failed.reason !== 'captcha';
      } else {
        error.textContent = answer.ok ? 'The sign-in failed.' : answer.error;
      }
      error.hidden = false;
    });
  }

  // -- confirmations -----------------------------------------------------------------------------

  private wireDialogs(): void {
    $('confirm-allow').addEventListener('click', () => this.answerConfirmation(true));
    $('confirm-deny').addEventListener('click', () => this.answerConfirmation(false));
    // Escape (the dialog's cancel) is a "no", like Deny.
    this.dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      this.answerConfirmation(false);
    });
    $('viewer-close').addEventListener('click', () => this.viewer.close());
    this.viewer.addEventListener('click', (e) => {
      if (e.target === this.viewer) this.viewer.close();
    });
  }

  private showNextConfirmation(): void {
    const next = this.confirmations[0];
    if (!next) {
      this.closeConfirmDialog();
      return;
    }
    if (this.dialog.open && this.dialog.dataset.call === next.callId) return;
    this.dialog.dataset.call = next.callId;
    $('confirm-title').textContent = next.title ? `${next.title}?` : 'Allow this action?';
    $('confirm-tool').textContent = next.tool;
    $('confirm-question').textContent = next.question;
    $('confirm-facts').replaceChildren(...next.facts.flatMap((fact) => [el('dt', {}, fact.label), el('dd', {}, fact.value)]));
    const more = $('confirm-more');
    more.hidden = this.confirmations.length < 2;
    more.textContent = `${this.confirmations.length - 1} more waiting after this one.`;
    if (!this.dialog.open) this.dialog.showModal();
    // Deny is the default: Enter or a stray tap on the focused button refuses.
    $('confirm-deny').focus();
  }

  private answerConfirmation(approved: boolean): void {
    const callId = this.dialog.dataset.call;
    if (!callId) return;
    this.settle(callId);
    void post('/api/confirm', { call_id: callId, approved });
  }

  private settle(id: string): void {
    const index = this.confirmations.findIndex((c) => c.callId === id);
    if (index >= 0) {
      this.confirmations.splice(index, 1);
      if (this.live) this.showNextConfirmation();
    }
    this.locations.delete(id);
  }

  private closeConfirmDialog(): void {
    delete this.dialog.dataset.call;
    if (this.dialog.open) this.dialog.close();
  }

  // -- location ----------------------------------------------------------------------------------

  /** Asks the browser for the position; the browser asks the player, who may refuse. */
  private shareLocation(requestId: string): void {
    if (this.askedLocations.has(requestId)) return;
    this.askedLocations.add(requestId);
    const answer = (body: Record<string, unknown>): void => {
      if (!this.locations.has(requestId)) return;
      void post('/api/location', { request_id: requestId, ...body });
    };
    if (!window.isSecureContext) {
      answer({ error: 'insecure' });
      return;
    }
    if (!('geolocation' in navigator)) {
      answer({ error: 'unsupported' });
      return;
    }
    void cachedPositionAllowed().then((allowed) =>
      navigator.geolocation.getCurrentPosition(
        (position) =>
          answer({ latitude: position.coords.latitude, longitude: position.coords.longitude, accuracy: position.coords.accuracy }),
        (failure) => answer({ error: GEO_ERRORS[failure.code as 1 | 2 | 3] ?? 'unavailable' }),
        { enableHighAccuracy: true, timeout: 45_000, maximumAge: allowed ? 30_000 : 0 },
      ),
    );
  }

  // -- ChatGPT sign-in (the model's, with --auth codex) --------------------------------------------

  private wireChatGpt(): void {
    const act = async (path: string): Promise<void> => {
      const answer = await post<ChatGptSignInState>(path, {});
      if (!answer.ok) return this.renderChatGptError(answer.error);
      this.renderChatGpt(answer.data);
      if (answer.data.phase === 'waiting') void this.refreshChatGpt();
    };
    $('chatgpt-start').addEventListener('click', () => {
      this.chatgptDismissed = false;
      $<HTMLButtonElement>('chatgpt-start').disabled = true;
      void act('/api/chatgpt/start').finally(() => ($<HTMLButtonElement>('chatgpt-start').disabled = false));
    });
    $('chatgpt-cancel').addEventListener('click', () => void act('/api/chatgpt/cancel'));
    $('chatgpt-close').addEventListener('click', () => {
      this.chatgptDismissed = true;
      $('chatgpt').hidden = true;
    });
    void this.refreshChatGpt();
  }

  /** Reads the sign-in state; while a login runs, again every second until it ends. */
  private async refreshChatGpt(): Promise<void> {
    if (this.chatgptTimer !== null) return;
    let state: ChatGptSignInState;
    try {
      const response = await fetch('/api/chatgpt', { credentials: 'same-origin' });
      if (response.status === 404) return; // this server signs in with a key, not ChatGPT
      if (!response.ok) throw new Error(`the server answered HTTP ${response.status}`);
      state = (await response.json()) as ChatGptSignInState;
    } catch (err) {
      this.renderChatGptError(`the ChatGPT sign-in state could not be read (${(err as Error).message})`);
      return;
    }
    this.renderChatGpt(state);
    if (state.phase === 'starting' || state.phase === 'waiting') {
      this.chatgptTimer = window.setTimeout(() => {
        this.chatgptTimer = null;
        void this.refreshChatGpt();
      }, 1000);
    }
  }

  private renderChatGpt(state: ChatGptSignInState): void {
    const waiting = state.phase === 'waiting' && state.user_code !== null && state.verify_url !== null;
    $('chatgpt').hidden = !(state.needed || (state.phase !== 'idle' && !this.chatgptDismissed));
    $('chatgpt-pending').hidden = !waiting;
    if (waiting) {
      // Text only: the issuer's answer never becomes markup, and only a web address becomes a link.
      const link = $<HTMLAnchorElement>('chatgpt-link');
      link.textContent = state.verify_url;
      if (/^https?:\/\//i.test(state.verify_url!)) link.href = state.verify_url!;
      else link.removeAttribute('href');
      $('chatgpt-code').textContent = state.user_code;
    }
    const message = $('chatgpt-message');
    message.hidden = state.message === null;
    message.textContent = state.message ?? '';
    message.className = state.phase === 'failed' ? 'error' : '';
    const start = $<HTMLButtonElement>('chatgpt-start');
    start.hidden = waiting || state.phase === 'starting' || (state.phase === 'signed_in' && !state.needed);
    start.textContent = state.phase === 'idle' ? 'Get a sign-in code' : 'Start again';
    $('chatgpt-cancel').hidden = !waiting;
    $('chatgpt-close').hidden = state.needed || waiting || state.phase === 'starting';
  }

  private renderChatGptError(text: string): void {
    const message = $('chatgpt-message');
    message.hidden = false;
    message.textContent = text;
    message.className = 'error';
    $('chatgpt').hidden = false;
  }

  // -- pictures ----------------------------------------------------------------------------------

  private openPicture(picture: PagePicture): void {
    $<HTMLImageElement>('viewer-image').src = picture.url;
    $<HTMLAnchorElement>('viewer-open').href = picture.url;
    this.viewer.showModal();
  }
}

type PostResult<T> = { ok: true; data: T } | { ok: false; error: string; data: T | null };

/** POSTs JSON; never throws: a network failure or an error answer comes back as words. */
async function post<T = unknown>(path: string, body: unknown, keepalive = false): Promise<PostResult<T>> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      keepalive,
    });
    const data = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
    if (response.ok) return { ok: true, data: data as T };
    return { ok: false, error: data?.error ?? `the server answered HTTP ${response.status}`, data };
  } catch (err) {
    return { ok: false, error: `encli web could not be reached (${(err as Error).message}); is it still running?`, data: null };
  }
}

new PageController();
