/**
 * The pictures and media of a level (docs/catalog.md, «Where this catalog deliberately differs
 * from the reference»): every task, bonus task and bonus
 * help, hint, penalty hint and organiser message is searched; each picture is listed once, in
 * document order, with its URL resolved against the engine's site and a note of where it came
 * from. A model cannot open a link by itself, so this list is what it passes to enc_view_image.
 */
import type { Level } from '../engine/types.js';
import type { MediaKind } from '../html/carriers.js';
import { mediaInHtml, pictureUrlsInHtml } from '../html/pictures.js';
import type { UrlResolver } from '../html/urls.js';
import { asList, asText } from './lists.js';

/** One picture of a level and the part of the level it came from. */
export interface LevelImage {
  url: string;
  /** `task`, `bonus:<name>`, `hint`, `penalty_hint` or `message`. */
  where: string;
}

/** One sound, film or embedded player of a level, so a model can say "there is an audio clue at …". */
export interface LevelMedia {
  /** `audio`, `video` or `embed` (an iframe, embed or object: a player or another page). */
  kind: MediaKind;
  url: string;
  /** Same labels as LevelImage. */
  where: string;
}

/** One piece of level HTML and its `where` label. */
export interface LevelHtmlSource {
  html: string;
  where: string;
}

/** Task HTML as the engine wants it shown: the formatted text, else the plain text. */
export function taskHtml(task: { TaskText?: string | null; TaskTextFormatted?: string | null; ReplaceNlToBr?: boolean } | null | undefined): string {
  if (!task) return '';
  const formatted = asText(task.TaskTextFormatted);
  if (formatted.trim() !== '') return formatted;
  const plain = asText(task.TaskText);
  return task.ReplaceNlToBr ? plain.replace(/\r?\n/g, '<br>') : plain;
}

/** Organiser message HTML: its own text, with newlines kept when the engine says they are breaks. */
export function messageHtml(message: { MessageText?: string | null; WrappedText?: string | null; ReplaceNl2Br?: boolean }): string {
  const text = asText(message.MessageText) || asText(message.WrappedText);
  return message.ReplaceNl2Br ? text.replace(/\r?\n/g, '<br>') : text;
}

/** The `where` label of a bonus: its name, else its number, so two unnamed bonuses differ. */
export function bonusLabel(bonus: { Name?: string | null; Number: number }): string {
  const name = asText(bonus.Name).trim();
  return `bonus:${name !== '' ? name : `#${bonus.Number}`}`;
}

/** Every HTML fragment of a level, in the order a player reads them. */
export function levelHtmlSources(level: Level): LevelHtmlSource[] {
  const sources: LevelHtmlSource[] = [];
  const add = (html: string | null | undefined, where: string): void => {
    if (typeof html === 'string' && html.trim() !== '') sources.push({ html, where });
  };
  for (const task of asList(level.Tasks)) add(taskHtml(task), 'task');
  add(taskHtml(level.Task), 'task');
  for (const bonus of asList(level.Bonuses)) {
    add(bonus.Task, bonusLabel(bonus));
    add(bonus.Help, bonusLabel(bonus));
  }
  for (const hint of asList(level.Helps)) add(hint.HelpText, 'hint');
  for (const hint of asList(level.PenaltyHelps)) {
    add(hint.PenaltyComment, 'penalty_hint');
    add(hint.HelpText, 'penalty_hint');
  }
  for (const message of asList(level.Messages)) add(messageHtml(message), 'message');
  return sources;
}

/**
 * Pictures of the given HTML sources, each listed once (first source wins), in document order.
 *
 * @example
 * ```ts
 * collectImages([{ html: '<img src="/a.jpg">', where: 'task' }], createUrlResolver('https://x.en.cx'));
 * // [{ url: 'https://x.en.cx/a.jpg', where: 'task' }]
 * ```
 */
export function collectImages(sources: LevelHtmlSource[], resolveUrl: UrlResolver): LevelImage[] {
  const seen = new Set<string>();
  const images: LevelImage[] = [];
  for (const { html, where } of sources) {
    for (const raw of pictureUrlsInHtml(html)) {
      const url = resolveUrl(raw);
      if (url === null || seen.has(url)) continue;
      seen.add(url);
      images.push({ url, where });
    }
  }
  return images;
}

/** Every picture of a level. */
export function levelImages(level: Level, resolveUrl: UrlResolver): LevelImage[] {
  return collectImages(levelHtmlSources(level), resolveUrl);
}

/**
 * Sound, film and embedded players of the given HTML sources, each listed once (first source
 * wins), in document order.
 *
 * @example
 * ```ts
 * collectMedia([{ html: '<audio src="/s.mp3"></audio>', where: 'task' }], createUrlResolver('https://x.en.cx'));
 * // [{ kind: 'audio', url: 'https://x.en.cx/s.mp3', where: 'task' }]
 * ```
 */
export function collectMedia(sources: LevelHtmlSource[], resolveUrl: UrlResolver): LevelMedia[] {
  const seen = new Set<string>();
  const media: LevelMedia[] = [];
  for (const { html, where } of sources) {
    for (const ref of mediaInHtml(html)) {
      const url = resolveUrl(ref.url);
      if (url === null || seen.has(url)) continue;
      seen.add(url);
      media.push({ kind: ref.kind, url, where });
    }
  }
  return media;
}

/** Every sound, film and embedded player of a level. */
export function levelMedia(level: Level, resolveUrl: UrlResolver): LevelMedia[] {
  return collectMedia(levelHtmlSources(level), resolveUrl);
}
