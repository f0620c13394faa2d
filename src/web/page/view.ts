/**
 * The conversation view: turns the stream's events into DOM. Every text from the model, the engine
 * or the player goes in as a text node (`textContent`), never as markup, so a task whose HTML
 * carries `<script>` or `<img onerror>` shows those characters and runs nothing.
 * Browser code: runs in the page, compiled by the project's own `tsc`.
 */
import type { PageEvent, PagePicture, PageToolFinished } from '../protocol.js';

type ToolStarted = Extract<PageEvent, { type: 'tool_started' }>;

/** What the view asks of its host (the page controller). */
export interface ViewHost {
  openPicture(picture: PagePicture): void;
  showSignIn(): void;
}

/**
 * An element with attributes and children; strings become text nodes, never markup.
 *
 * @example
 * ```ts
 * el('p', { class: 'notice' }, 'Stopped.');
 * ```
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  return node;
}

interface TurnView {
  box: HTMLElement;
  /** The text block receiving deltas; a tool row closes it, the next delta opens another. */
  text: HTMLElement | null;
  /** The raw text of `text` (it is re-drawn as a whole on every delta). */
  raw: string;
  thinking: HTMLElement | null;
}

/**
 * The few inline marks models use (`**bold**`, `` `code` ``) and bare http(s) links, as DOM nodes
 * built from text: nothing in the text is ever parsed as HTML.
 *
 * @example
 * ```ts
 * answer.replaceChildren(...richText('The code is **yellow**.'));
 * ```
 */
export function richText(text: string): Node[] {
  const nodes: Node[] = [];
  const pattern = /\*\*([^*\n]+)\*\*|`([^`\n]+)`|\bhttps?:\/\/[^\s<>"'`]+[^\s<>"'`.,;:!?)]/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > last) nodes.push(document.createTextNode(text.slice(last, start)));
    if (match[1] !== undefined) nodes.push(el('strong', {}, match[1]));
    else if (match[2] !== undefined) nodes.push(el('code', {}, match[2]));
    else nodes.push(el('a', { href: match[0], target: '_blank', rel: 'noopener noreferrer' }, match[0]));
    last = start + match[0].length;
  }
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}

const FAILURE_NOTES: Record<string, string> = {
  declined: 'You denied this action.',
  refused_by_policy: 'The read-only policy does not allow changes.',
  approval_unavailable: 'Nobody could be asked to allow this action.',
  cancelled: 'Stopped.',
  anti_spam: "The engine's anti-spam check stopped this request: pass the check on the engine's site in your browser, then ask again.",
  engine_html: 'The engine answered with a web page instead of data; ask again in a moment.',
  network: 'The engine could not be reached; check the network and ask again.',
};

/**
 * @example
 * ```ts
 * const view = new ConversationView(document.getElementById('conversation')!, host);
 * view.apply({ type: 'user_message', turn: 1, text: 'hi' });
 * ```
 */
export class ConversationView {
  private readonly turns = new Map<number, TurnView>();
  private readonly tools = new Map<string, HTMLDetailsElement>();

  constructor(
    private readonly root: HTMLElement,
    private readonly host: ViewHost,
  ) {}

  clear(): void {
    this.turns.clear();
    this.tools.clear();
    for (const child of [...this.root.children]) if (child.id !== 'welcome') child.remove();
    this.welcome(true);
  }

  /** Renders one event of the stream. */
  apply(event: PageEvent): void {
    switch (event.type) {
      case 'user_message':
        this.welcome(false);
        this.append(el('div', { class: 'msg user' }, event.text));
        break;
      case 'turn_started':
        this.turn(event.turn);
        break;
      case 'text_delta': {
        const turn = this.turn(event.turn);
        this.dropThinking(turn);
        if (!turn.text) {
          turn.text = el('div', { class: 'answer' });
          turn.raw = '';
          turn.box.append(turn.text);
        }
        turn.raw += event.text;
        turn.text.replaceChildren(...richText(turn.raw));
        break;
      }
      case 'tool_started':
        this.toolStarted(event);
        break;
      case 'tool_finished':
        this.toolFinished(event);
        break;
      case 'confirmation_requested':
        this.tools.get(event.call_id)?.classList.replace('running', 'waiting');
        break;
      case 'request_settled': {
        const row = this.tools.get(event.id);
        if (row?.classList.contains('waiting')) row.classList.replace('waiting', 'running');
        break;
      }
      case 'turn_finished': {
        const turn = this.turn(event.turn);
        this.dropThinking(turn);
        // The final answer is authoritative: it replaces what streamed since the last tool row.
        if (event.content !== '') {
          if (!turn.text) {
            turn.text = el('div', { class: 'answer' });
            turn.box.append(turn.text);
          }
          turn.text.replaceChildren(...richText(event.content));
        }
        turn.text = null;
        break;
      }
      case 'turn_failed': {
        const turn = this.turn(event.turn);
        this.dropThinking(turn);
        for (const row of turn.box.querySelectorAll('.tool.running, .tool.waiting')) row.classList.remove('running', 'waiting');
        turn.box.append(el('div', { class: 'failure', role: 'alert' }, event.error));
        turn.text = null;
        break;
      }
      default:
        break;
    }
  }

  private turn(number: number): TurnView {
    let turn = this.turns.get(number);
    if (!turn) {
      this.welcome(false);
      const thinking = el('div', { class: 'thinking' }, 'Thinking…');
      const box = el('div', { class: 'msg assistant', 'data-turn': String(number) }, thinking);
      turn = { box, text: null, raw: '', thinking };
      this.turns.set(number, turn);
      this.append(box);
    }
    return turn;
  }

  private dropThinking(turn: TurnView): void {
    turn.thinking?.remove();
    turn.thinking = null;
  }

  private toolStarted(event: ToolStarted): void {
    const turn = this.turn(event.turn);
    this.dropThinking(turn);
    turn.text = null;
    const args = formatJson(event.args);
    const summary = el(
      'summary',
      {},
      el('span', { class: 'state', 'aria-hidden': 'true' }),
      el('span', { class: 'name' }, event.tool),
      el('span', { class: 'brief' }, briefArguments(event.args)),
    );
    const detail = el('div', { class: 'detail' }, el('h3', {}, 'Arguments'), el('pre', { class: 'args' }, args));
    const row = el('details', { class: 'tool running', 'data-call': event.call_id, 'data-tool': event.tool }, summary, detail);
    this.tools.set(event.call_id, row);
    turn.box.append(row);
  }

  private toolFinished(event: PageToolFinished): void {
    let row = this.tools.get(event.call_id);
    if (!row) {
      this.toolStarted({ type: 'tool_started', turn: event.turn, call_id: event.call_id, tool: event.tool, args: {} });
      row = this.tools.get(event.call_id)!;
    }
    row.classList.remove('running', 'waiting');
    row.classList.add(event.is_error ? 'failed' : 'done');
    const detail = row.querySelector('.detail')!;
    detail.append(el('h3', {}, event.is_error ? 'Failure' : 'Result'), el('pre', { class: 'result' }, formatResult(event.result)));
    const after: HTMLElement[] = [];
    if (event.is_error) after.push(this.remedy(event));
    if (event.images.length > 0) after.push(this.pictures(event.images));
    row.after(...after);
  }

  private remedy(event: PageToolFinished): HTMLElement {
    const box = el('div', { class: 'remedy' });
    if (event.failure_kind === 'session_expired') {
      box.append('Not signed in to the engine.');
      const button = el('button', { type: 'button', class: 'link' }, 'Sign in');
      button.addEventListener('click', () => this.host.showSignIn());
      box.append(button);
      return box;
    }
    const note = event.failure_kind ? FAILURE_NOTES[event.failure_kind] : undefined;
    box.append(note ?? firstLine(event.result));
    // The engine's check page, when the failure names one (only web addresses become links).
    const challenge = event.failure_kind === 'anti_spam' ? event.failure?.url : undefined;
    if (challenge && /^https?:\/\//i.test(challenge)) box.append(el('a', { href: challenge, target: '_blank', rel: 'noopener noreferrer' }, 'Open the check'));
    return box;
  }

  private pictures(pictures: readonly PagePicture[]): HTMLElement {
    const strip = el('div', { class: pictures.length === 1 ? 'pictures single' : 'pictures', 'data-count': String(pictures.length) });
    pictures.forEach((picture, index) => {
      const label = pictures.length === 1 ? 'Picture from the tool' : `Part ${index + 1} of ${pictures.length}`;
      const image = el('img', { src: picture.url, alt: label, loading: 'lazy', decoding: 'async' });
      const link = el('a', { href: picture.url, target: '_blank', rel: 'noopener', title: `${label}: open full size` }, image);
      link.addEventListener('click', (e) => {
        e.preventDefault();
        this.host.openPicture(picture);
      });
      image.addEventListener('error', () => link.replaceChildren(el('span', { class: 'notice' }, 'This picture is no longer kept.')), { once: true });
      strip.append(link);
    });
    return strip;
  }

  private welcome(show: boolean): void {
    const welcome = this.root.querySelector<HTMLElement>('#welcome');
    if (welcome) welcome.hidden = !show;
  }

  private append(node: HTMLElement): void {
    const nearBottom = window.innerHeight + window.scrollY >= document.body.scrollHeight - 120;
    this.root.append(node);
    if (nearBottom) node.scrollIntoView({ block: 'end' });
  }
}

/** A one-line view of the arguments for the collapsed row (`game_id: 10101, code: "yellow"`). */
function briefArguments(args: unknown): string {
  if (typeof args !== 'object' || args === null) return '';
  return Object.entries(args as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value))}`)
    .join(', ')
    .slice(0, 160);
}

function formatJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A JSON result pretty-printed; anything else (a failure message, a cut result) as it came. */
function formatResult(result: string): string {
  try {
    return JSON.stringify(JSON.parse(result), null, 2);
  } catch {
    return result;
  }
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 240 ? `${line.slice(0, 240)}…` : line;
}
