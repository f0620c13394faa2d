/**
 * `GameScenario.aspx` → ScenarioDocument. The export is one long HTML page: a level runs from
 * its anchor (`…_lnkLevelAnchorPoint`) to the next one, and each part carries an ASP.NET
 * repeater id (`…_LevelTasksRepeater_ctl00_lblLevelTask`). Parts are taken by balanced tags, so
 * task HTML that nests `<span>`/`<div>` (or leaves a tag unclosed) comes back whole.
 */
import { HtmlPage, joinedText, type HtmlElement } from '../../html/elements.js';
import { decodeEntities } from '../../html/entities.js';
import { tokenizeHtml } from '../../html/tokens.js';
import { parseRussianDuration } from './durations.js';
import type { ScenarioBonus, ScenarioDocument, ScenarioLevel, ScenarioPenaltyHint, ScenarioSector } from './types.js';

/** Why an export could not be read (the caller adds the URL). */
export class ScenarioFormatError extends Error {
  override name = 'ScenarioFormatError';
}

const ANCHOR_ID = /_lnkLevelAnchorPoint$/;

/**
 * Parse a scenario export page.
 *
 * @example
 * ```ts
 * const doc = parseScenario(html);
 * doc.levels[0]!.sectors[0]!.answers; // ['код166']
 * ```
 */
export function parseScenario(html: string): ScenarioDocument {
  const page = new HtmlPage(html);
  const idText = (id: string): string => {
    const e = page.byId(id);
    return e ? page.text(e) : '';
  };
  const gameIdText = idText('lblGameId');
  if (!/^\d+$/.test(gameIdText)) throw new ScenarioFormatError('the page has no game id (lblGameId): it is not a scenario export');
  const anchors = page.find((e) => e.name === 'a' && ANCHOR_ID.test(e.attrs.id ?? ''));
  const levels = anchors.map((a, i) => {
    const end = anchors[i + 1]?.start ?? html.length;
    const fallbackNumber = Number(a.attrs.name) || i + 1;
    return parseLevel(html.slice(a.end, end), fallbackNumber);
  });
  levels.sort((x, y) => x.number - y.number);
  return { game_id: Number(gameIdText), game_num: Number(idText('lblGameNumber')) || 0, game_title: idText('lnkGameInfo'), levels };
}

function parseLevel(segment: string, fallbackNumber: number): ScenarioLevel {
  const page = new HtmlPage(segment);
  const withSuffix = (suffix: string | RegExp): HtmlElement[] =>
    page.find((e) => {
      const id = e.attrs.id;
      if (!id) return false;
      return typeof suffix === 'string' ? id.endsWith(suffix) : suffix.test(id);
    });
  const segmentText = rawText(segment);
  const title = /Уровень\s*№\s*(\d+)\s*"([^\n]*)"/u.exec(segmentText);
  const autopass = /Автопереход:\s*через\s*([^,\n<]*?)(?:,\s*([^\n<]*?)\s*штрафа)?\s*(?:\n|$)/u.exec(segmentText);
  const required = /необходимо\s+выполнить\s+(все|\d+)\s+сектор/u.exec(segmentText);
  const comment = withSuffix('_lblLevelComment')[0];
  return {
    number: title ? Number(title[1]) : fallbackNumber,
    name: title ? title[2]! : '',
    autopass_seconds: autopass ? parseRussianDuration(autopass[1]!) : 0,
    autopass_penalty_seconds: autopass?.[2] ? parseRussianDuration(autopass[2]) : 0,
    required_sectors_count: required && required[1] !== 'все' ? Number(required[1]) : 0,
    comment: comment ? page.innerHtml(comment) : '',
    tasks: withSuffix(/_LevelTasksRepeater_ctl\d+_lblLevelTask$/).map((e) => page.innerHtml(e)),
    hints: withSuffix(/_LevelHelpsRepeater_ctl\d+_lblLevelHelpTitle$/).map((t) => {
      const text = page.byId(t.attrs.id!.replace(/_lblLevelHelpTitle$/, '_lblLevelHelp'));
      const titleText = page.text(t);
      return { title: titleText, text: text ? page.innerHtml(text) : '', delay_seconds: delayIn(titleText) };
    }),
    penalty_hints: withSuffix(/_LevelPenaltyHelpsRepeater_ctl\d+_lblLevelHelpTitle$/).map((t) => parsePenaltyHint(page, t)),
    sectors: parseSectors(page, withSuffix),
    bonuses: withSuffix(/_LevelBonusesRepeater_ctl\d+_lblBonusNum$/).map((t, i, all) => parseBonus(page, t, all[i + 1]?.start ?? segment.length)),
    messages: withSuffix(/_LevelMessagesRepeater_ctl\d+_lblMessage$/).map((m) => {
      const title = page.byId(m.attrs.id!.replace(/_lblMessage$/, '_lblMessageTitle'));
      return { text: page.innerHtml(m), all_levels: title ? /всех уровн/u.test(page.text(title)) : false };
    }),
  };
}

/** The delay in a hint title's parentheses: `Подсказка №1 для всех (1 час 5 минут)`. */
function delayIn(title: string): number {
  const inParens = /\(([^()]*)\)\s*$/.exec(title);
  return inParens ? parseRussianDuration(inParens[1]!) : 0;
}

function parsePenaltyHint(page: HtmlPage, title: HtmlElement): ScenarioPenaltyHint {
  const textEl = page.byId(title.attrs.id!.replace(/_lblLevelHelpTitle$/, '_lblLevelHelp'));
  // Penalty, confirmation and description sit between the title and the text.
  const details = page.html.slice(title.end, textEl?.start ?? title.end);
  const detailPage = new HtmlPage(details);
  const byClass = (cls: string): HtmlElement | undefined => detailPage.find((e) => e.name === 'span' && (e.attrs.class ?? '').split(/\s+/).includes(cls))[0];
  const penalty = byClass('red');
  const confirm = byClass('white');
  const comment = byClass('green_gold');
  const titleText = page.text(title);
  return {
    title: titleText,
    text: textEl ? page.innerHtml(textEl) : '',
    delay_seconds: delayIn(titleText),
    penalty_seconds: penalty ? parseRussianDuration(detailPage.text(penalty)) : 0,
    request_confirm: confirm ? /^да$/iu.test(detailPage.text(confirm)) : false,
    comment: comment ? detailPage.innerHtml(comment) : '',
  };
}

function parseSectors(page: HtmlPage, withSuffix: (s: RegExp) => HtmlElement[]): ScenarioSector[] {
  const byIndex = new Map<string, ScenarioSector>();
  const sectorOf = (index: string): ScenarioSector => {
    let s = byIndex.get(index);
    if (!s) {
      s = { name: '', answers: [] };
      byIndex.set(index, s);
    }
    return s;
  };
  for (const e of withSuffix(/_SectorsRepeater_ctl\d+_divSectorName$/)) {
    sectorOf(/_SectorsRepeater_ctl(\d+)_/.exec(e.attrs.id!)![1]!).name = page.text(e);
  }
  for (const e of withSuffix(/_SectorsRepeater_ctl\d+_LevelAnswersRepeater_ctl\d+_lblLevelAnswer$/)) {
    const sector = sectorOf(/_SectorsRepeater_ctl(\d+)_/.exec(e.attrs.id!)![1]!);
    const answer = joinedText(page.innerHtml(e));
    if (answer !== '' && !sector.answers.includes(answer)) sector.answers.push(answer);
  }
  return [...byIndex.entries()].sort((a, b) => Number(a[0]) - Number(b[0])).map(([, s]) => s);
}

function parseBonus(page: HtmlPage, title: HtmlElement, blockEnd: number): ScenarioBonus {
  const titleText = page.text(title);
  const head = /Бонус\s*№\s*(\d+)\s*"([\s\S]*)"/u.exec(titleText);
  const block = page.html.slice(title.end, blockEnd);
  const blockPage = new HtmlPage(block);
  const spans = blockPage.find((e) => e.name === 'span');
  const awardText = spans.map((e) => blockPage.text(e)).find((t) => /^(Бонусное|Штрафное)\s+время:/u.test(t)) ?? '';
  const award = /^(Бонусное|Штрафное)\s+время:\s*(.*)$/u.exec(awardText);
  // `<span class="green">Задание</span><br/><span class="white">HTML</span>`: the white span after the label.
  const labelled = (label: string): string => {
    const at = spans.findIndex((e) => (e.attrs.class ?? '').includes('green') && blockPage.text(e) === label);
    if (at < 0) return '';
    const value = spans.slice(at + 1).find((e) => e.start >= spans[at]!.end && (e.attrs.class ?? '').split(/\s+/).includes('white'));
    return value ? blockPage.innerHtml(value) : '';
  };
  const answers: string[] = [];
  for (const e of blockPage.find((x) => /_BonusAnswersRepeater_ctl\d+_lblBonusAnswer$/.test(x.attrs.id ?? ''))) {
    const a = joinedText(blockPage.innerHtml(e));
    if (a !== '' && !answers.includes(a)) answers.push(a);
  }
  const levelsEl = blockPage.find((x) => /_lblBonusLevels$/.test(x.attrs.id ?? ''))[0];
  return {
    number: head ? Number(head[1]) : 0,
    name: head ? head[2]! : titleText,
    award_seconds: award ? parseRussianDuration(award[2]!) : 0,
    negative: award?.[1] === 'Штрафное',
    task: labelled('Задание'),
    hint: labelled('Подсказка'),
    answers,
    levels: levelsEl && /всех уровн/u.test(blockPage.text(levelsEl)) ? { kind: 'all' } : { kind: 'own' },
  };
}

/** Text with tags removed and entities decoded, line breaks kept (names keep their own spaces). */
function rawText(fragment: string): string {
  let out = '';
  for (const t of tokenizeHtml(fragment)) {
    if (t.type === 'text') out += decodeEntities(t.text);
    else if (t.name === 'br' || t.name === 'div' || t.name === 'p') out += '\n';
  }
  return out;
}
