/**
 * Readers for the editor's pages: the level list, a level's editor, the sector loader and the
 * edit forms. Each takes only the markers the engine's pages are known to carry (input names,
 * link parameters, element ids), through the shared HTML toolkit.
 */
import { HtmlPage, plainText } from '../../html/elements.js';
import { fieldsOf } from '../../html/forms.js';
import { parseRussianDuration } from './durations.js';
import type { AdminAnswer, AdminLevelEditor, AdminLevelRef } from './types.js';

/**
 * Level ids by position from `LevelManager.aspx?gid=G`; null when the page is not a level
 * manager at all (an empty game still carries its create-levels controls).
 *
 * @example
 * ```ts
 * parseLevelManager('<input name="txtLevelName_501" value="Старт">'); // [{ id: 501, number: 1, name: 'Старт' }]
 * ```
 */
export function parseLevelManager(html: string): AdminLevelRef[] | null {
  const levels: AdminLevelRef[] = [];
  for (const f of fieldsOf(html)) {
    const m = /^txtLevelName_(\d+)$/.exec(f.name);
    if (m) levels.push({ id: Number(m[1]), number: levels.length + 1, name: f.value });
  }
  if (levels.length > 0) return levels;
  return /ddlCreateLevelsNum|levels=create|level_names=update/i.test(html) ? [] : null;
}

/**
 * One level's editor page; null when the page lacks the autopass link every editor page has.
 *
 * @example
 * ```ts
 * parseLevelEditor(html, 3)?.bonus_ids; // [7001, 7002]
 * ```
 */
export function parseLevelEditor(html: string, levelNumber: number): AdminLevelEditor | null {
  const page = new HtmlPage(html);
  const autopassLink = page.byId('lnkAdjustAutopass');
  if (!autopassLink) return null;
  const ids = (test: (href: string) => boolean, param: string): number[] => {
    const out: number[] = [];
    for (const a of page.find((e) => e.name === 'a' && 'href' in e.attrs)) {
      const href = a.attrs.href!;
      if (!test(href)) continue;
      const m = new RegExp(`[?&]${param}=(\\d+)`, 'i').exec(href);
      if (m && !out.includes(Number(m[1]))) out.push(Number(m[1]));
    }
    return out;
  };
  const isPenalty = (href: string): boolean => /[?&]penalty=1\b/i.test(href);
  const autopass = parseAutopassText(page.text(autopassLink));
  const bonusIds: number[] = [];
  for (const e of page.find((x) => 'data-bonusid' in x.attrs)) {
    const id = Number(e.attrs['data-bonusid']);
    if (Number.isInteger(id) && id > 0 && !bonusIds.includes(id)) bonusIds.push(id);
  }
  const fields = fieldsOf(page);
  const ruleAll = fields.find((f) => f.name === 'rbSectorCompleteType' && f.checked)?.value !== '2';
  const requiredField = fields.find((f) => f.name === 'txtRequiredSectorsCount')?.value ?? '0';
  return {
    level_number: levelNumber,
    task_ids: ids((h) => /TaskEdit\.aspx/i.test(h), 'tid'),
    hint_ids: ids((h) => /PromptEdit\.aspx/i.test(h) && !isPenalty(h), 'prid'),
    penalty_hint_ids: ids((h) => /PromptEdit\.aspx/i.test(h) && isPenalty(h), 'prid'),
    bonus_ids: bonusIds,
    message_ids: ids((h) => /MessageEdit\.aspx/i.test(h), 'mid'),
    autopass_seconds: autopass.seconds,
    autopass_penalty_seconds: autopass.penalty_seconds,
    required_sectors_count: ruleAll ? 0 : Number(requiredField) || 0,
  };
}

/**
 * The autopass link's text: `через 5 минут, 1 минута штрафа`; anything without `через` is "none".
 *
 * @example
 * ```ts
 * parseAutopassText('через 1 час, 5 минут штрафа'); // { seconds: 3600, penalty_seconds: 300 }
 * ```
 */
export function parseAutopassText(text: string): { seconds: number; penalty_seconds: number } {
  const m = /через\s*([^,]*)(?:,\s*(.*?)\s*штрафа)?/u.exec(text);
  if (!m) return { seconds: 0, penalty_seconds: 0 };
  return { seconds: parseRussianDuration(m[1]!), penalty_seconds: m[2] ? parseRussianDuration(m[2]) : 0 };
}

/**
 * Sectors listed by `ALoader/LevelInfo.aspx?…&object=3`: `<option value="{id}">{name}</option>`.
 *
 * @example
 * ```ts
 * parseSectorOptions('<option value="31">Север</option>'); // [{ id: 31, name: 'Север' }]
 * ```
 */
export function parseSectorOptions(html: string): Array<{ id: number; name: string }> {
  const page = new HtmlPage(html);
  const out: Array<{ id: number; name: string }> = [];
  for (const o of page.find((e) => e.name === 'option')) {
    const id = Number(o.attrs.value);
    if (!Number.isInteger(id) || id <= 0) continue;
    out.push({ id, name: plainText(page.innerHtml(o).split(/<option\b|<\/select/i, 1)[0] ?? '') });
  }
  return out;
}

/**
 * A sector's answers from `…&object=3&sector={id}` or its edit page: `txtAnswer_{answerId}` inputs.
 *
 * @example
 * ```ts
 * parseAnswerInputs('<input name="txtAnswer_9001" value="код">'); // [{ id: 9001, text: 'код' }]
 * ```
 */
export function parseAnswerInputs(html: string): AdminAnswer[] {
  const out: AdminAnswer[] = [];
  for (const f of fieldsOf(html)) {
    const m = /^txtAnswer_(\d+)$/.exec(f.name);
    if (m && Number(m[1]) > 0 && f.value.trim() !== '') out.push({ id: Number(m[1]), text: f.value });
  }
  return out;
}

/**
 * The value of a named control (input, textarea or select) anywhere on a page, or null.
 *
 * @example
 * ```ts
 * fieldValue('<textarea name="txtLevelComment">a &amp; b</textarea>', 'txtLevelComment'); // 'a & b'
 * ```
 */
export function fieldValue(html: string, name: string): string | null {
  return fieldsOf(html).find((f) => f.name === name)?.value ?? null;
}

/**
 * The first textarea's content (TaskEdit shows the task there).
 *
 * @example
 * ```ts
 * firstTextarea('<textarea name="inputTask">&lt;b&gt;x&lt;/b&gt;</textarea>'); // '<b>x</b>'
 * ```
 */
export function firstTextarea(html: string): string | null {
  return fieldsOf(html).find((f) => f.type === 'textarea')?.value ?? null;
}

/** Is this 200 page the sign-in form rather than the page asked for? */
export function isSignInForm(html: string): boolean {
  const names = new Set(fieldsOf(html).map((f) => f.name));
  return names.has('Login') && names.has('Password');
}

/** The sign-in page's own message (`lblDBMessage`), or null. */
export function signInMessage(html: string): string | null {
  const page = new HtmlPage(html);
  const el = page.byId('lblDBMessage');
  const text = el ? page.text(el) : '';
  return text === '' ? null : text;
}

/** Does the sign-in page ask for CAPTCHA digits? */
export function asksForCaptcha(html: string): boolean {
  return fieldsOf(html).some((f) => f.name === 'MagicNumbers' || f.name === 'MagicGuid') || /Maximum login attempts exceeded/i.test(html);
}
