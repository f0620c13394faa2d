/**
 * Where organisers put clues in level HTML besides the visible words and `<img>`, and how each is
 * classified. The text projection (`text.ts`) keeps every one of these in place; the picture and
 * media lists (`pictures.ts`) use the same classification, so a clip is never offered as a picture.
 *
 * The carriers kept, and how they appear in the text:
 * - pictures: `<img>`, `<input type=image>`, `<video poster>` → `[picture: URL]`
 * - sound and film: `<audio>`, `<video>`, their `<source>`, `<bgsound>` (old engines' background
 *   music) → `[audio: URL]`, `[video: URL]`; `<track>` → `[subtitles: URL]`
 * - embedded players and pages: `<iframe>`, `<frame>`, `<embed>`, `<object data>`,
 *   `<param name=movie|src|url>` → `[embed: URL]`
 * - links: `<a href>` → `text (URL)`; `<area href>` of an image map → `[area "alt": URL]`
 * - HTML comments → `[comment: …]`
 * - `title`, `alt`, `aria-label`, `placeholder` attributes → `[title: "…"]` and the like
 * - form values: `<input value>` (hidden inputs too) → `[input: "…"]`, `[hidden input: "…"]`
 * - `data-*` attributes holding text → `[data-x: "…"]`
 * - text hidden with CSS or HTML: `display:none`, `visibility:hidden`, `opacity:0`, a zero font
 *   size, transparent or white text (invisible on the engine's white page), text coloured like its
 *   own background, the `hidden` attribute, `<font color=white>` → `[hidden (why): …]`
 * - `<script>` source (codes are hidden in variables and `document.write`) → `[script: …]`,
 *   `<noscript>` and `<template>` content as text
 */

import { srcsetUrls } from './srcset.js';

/** What a non-picture media URL is. */
export type MediaKind = 'audio' | 'video' | 'embed';

/** Extensions of files the imaging core can decode. */
const PICTURE_EXTENSION = /\.(?:png|jpe?g|jfif|gif|webp|bmp|tiff?)$/i;
const AUDIO_EXTENSION = /\.(?:mp3|ogg|oga|opus|wav|m4a|aac|flac|mid|midi|wma|amr)$/i;
const VIDEO_EXTENSION = /\.(?:mp4|m4v|webm|ogv|mov|avi|mkv|wmv|flv|3gp|mpe?g)$/i;
/** Files that are certainly not pictures either (documents, pages, programs). */
const OTHER_EXTENSION = /\.(?:pdf|docx?|xlsx?|pptx?|zip|rar|7z|html?|aspx?|php|js|css|txt|swf|svg)$/i;

/** The path of a URL, without query or fragment. */
function pathOf(url: string): string {
  return url.trim().split(/[?#]/, 1)[0] ?? '';
}

/**
 * True when the URL's path ends in a picture extension (a query string after it is fine).
 *
 * @example
 * ```ts
 * looksLikePictureFile('/a/b.JPG?x=1'); // true
 * ```
 */
export function looksLikePictureFile(url: string): boolean {
  return PICTURE_EXTENSION.test(pathOf(url));
}

/**
 * The media kind a file extension says, or null (pictures and unknown files).
 *
 * @example
 * ```ts
 * mediaKindOfFile('/upload/song.mp3'); // 'audio'
 * ```
 */
export function mediaKindOfFile(url: string): 'audio' | 'video' | null {
  const path = pathOf(url);
  if (AUDIO_EXTENSION.test(path)) return 'audio';
  if (VIDEO_EXTENSION.test(path)) return 'video';
  return null;
}

/**
 * May this URL be a picture? False when a declared `type` is not `image/*` or the extension names
 * sound, film, a document or a page; unknown extensions may be pictures (the bytes decide later).
 *
 * @example
 * ```ts
 * mayBePicture('/clip.mp4');              // false
 * mayBePicture('/img?id=4');              // true
 * mayBePicture('/x', 'video/mp4');        // false
 * ```
 */
export function mayBePicture(url: string, type?: string): boolean {
  const declared = (type ?? '').trim().toLowerCase();
  if (declared !== '' && !declared.startsWith('image/')) return false;
  if (declared === 'image/svg+xml') return false;
  const path = pathOf(url);
  return !(AUDIO_EXTENSION.test(path) || VIDEO_EXTENSION.test(path) || OTHER_EXTENSION.test(path));
}

/** A `type` attribute's media kind (`audio/mpeg` → audio), or null. */
export function mediaKindOfType(type: string | undefined): 'audio' | 'video' | null {
  const t = (type ?? '').trim().toLowerCase();
  if (t.startsWith('audio/')) return 'audio';
  if (t.startsWith('video/')) return 'video';
  return null;
}

/** `<param name=…>` names whose value is the embedded file. */
export const EMBED_PARAM_NAMES = new Set(['movie', 'src', 'url', 'filename', 'file']);

/** Elements that load another document or a plugin: their URL is an `embed`. */
export const EMBED_SOURCES: Readonly<Record<string, string>> = { iframe: 'src', frame: 'src', embed: 'src', object: 'data' };

/** Elements without an end tag: they never open a region. */
export const VOID_ELEMENTS = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr',
  'bgsound', 'frame', 'keygen',
]);

/** White in the colour notations organisers use. */
const WHITE = /^(?:white|#fff(?:f{3})?|rgba?\(\s*255\s*,\s*255\s*,\s*255\s*(?:,\s*(?:1|1\.0+)\s*)?\))$/i;
const TRANSPARENT = /^(?:transparent|rgba\([^)]*,\s*0(?:\.0+)?\s*\))$/i;

/** One declaration's value from inline CSS (`color`, `font-size`, …), lower-cased, or undefined. */
function cssValue(style: string, property: string): string | undefined {
  let found: string | undefined;
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    if (declaration.slice(0, colon).trim().toLowerCase() === property) {
      found = declaration.slice(colon + 1).replace(/!important/i, '').trim().toLowerCase();
    }
  }
  return found;
}

/**
 * Why an element's content is hidden from a reader of the page, or null when it is not. Judged
 * from its own attributes only (inline style, `hidden`, `<font color>`): the engine shows tasks on
 * a white page, so white text counts as hidden.
 *
 * @example
 * ```ts
 * hiddenReason('span', { style: 'color:#fff' }); // 'white text'
 * hiddenReason('div', { style: 'display: none' }); // 'display:none'
 * ```
 */
export function hiddenReason(name: string, attrs: Record<string, string>): string | null {
  if (attrs['hidden'] !== undefined) return 'hidden attribute';
  if (name === 'font' && attrs['color'] !== undefined && WHITE.test(attrs['color'].trim())) return 'white text';
  const style = attrs['style'];
  if (style === undefined) return null;
  if (cssValue(style, 'display') === 'none') return 'display:none';
  const visibility = cssValue(style, 'visibility');
  if (visibility === 'hidden' || visibility === 'collapse') return 'visibility:hidden';
  const opacity = cssValue(style, 'opacity');
  if (opacity !== undefined && Number.parseFloat(opacity) === 0) return 'opacity:0';
  const fontSize = cssValue(style, 'font-size');
  if (fontSize !== undefined && /^0+(?:\.0+)?(?:px|pt|em|rem|%)?$/.test(fontSize)) return 'zero font size';
  const color = cssValue(style, 'color');
  if (color !== undefined) {
    const background = cssValue(style, 'background-color') ?? cssValue(style, 'background');
    if (TRANSPARENT.test(color)) return 'transparent text';
    if (background !== undefined && background.replace(/\s+/g, '') === color.replace(/\s+/g, '')) return 'text coloured like its background';
    if (WHITE.test(color) && (background === undefined || WHITE.test(background))) return 'white text';
  }
  return null;
}

/** Longest attribute or comment text quoted into the projection; longer ones are cut with "…". */
export const MAX_CARRIER_CHARS = 500;
/** Longest script source quoted; a clue hides in a few lines, not in a minified library. */
export const MAX_SCRIPT_CHARS = 2000;

/**
 * Text cut to `max` characters with whitespace collapsed.
 *
 * @example
 * ```ts
 * clip('a\n  b', 10); // 'a b'
 * ```
 */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max) + '…' : flat;
}

/** A URL an element refers to and what it is. */
export interface ElementReference {
  kind: 'picture' | MediaKind | 'subtitles';
  /** As written (entities decoded), not yet resolved. */
  url: string;
}

/** Elements whose `<source>` children take their kind. */
export type MediaParent = 'audio' | 'video' | 'picture';

/**
 * What one opening tag refers to — pictures, sound, film, embeds, subtitles — in document order,
 * judged by the element, its `type` and the file extension. `parent` is the innermost open
 * `<audio>`, `<video>` or `<picture>`, which decides what a `<source>` is.
 *
 * @example
 * ```ts
 * elementReferences('source', { src: '/clip.mp4' }, 'video'); // [{ kind: 'video', url: '/clip.mp4' }]
 * elementReferences('img', { src: '/a.jpg' });                 // [{ kind: 'picture', url: '/a.jpg' }]
 * ```
 */
export function elementReferences(name: string, attrs: Record<string, string>, parent?: MediaParent): ElementReference[] {
  const refs: ElementReference[] = [];
  const add = (kind: ElementReference['kind'], url: string | undefined): void => {
    if (url !== undefined && url.trim() !== '') refs.push({ kind, url });
  };
  /** A file that should have been a picture: a picture unless its extension says sound or film. */
  const pictureOrMedia = (url: string | undefined, type?: string): void => {
    if (url === undefined) return;
    const kind = mediaKindOfType(type) ?? mediaKindOfFile(url);
    if (kind !== null) add(kind, url);
    else if (mayBePicture(url, type)) add('picture', url);
  };
  const srcset = (value: string | undefined): string[] => (value === undefined ? [] : srcsetUrls(value));

  if (name === 'img' || (name === 'input' && attrs['type']?.trim().toLowerCase() === 'image')) {
    pictureOrMedia(attrs['src']);
    for (const url of srcset(attrs['srcset'])) pictureOrMedia(url);
  } else if (name === 'audio' || name === 'video') {
    add(name, attrs['src']);
    if (name === 'video') add('picture', attrs['poster']);
  } else if (name === 'source') {
    const urls = [...(attrs['src'] !== undefined ? [attrs['src']] : []), ...srcset(attrs['srcset'])];
    for (const url of urls) {
      if (parent === 'audio' || parent === 'video') add(parent, url);
      else if (parent === 'picture') add('picture', url);
      else pictureOrMedia(url, attrs['type']);
    }
  } else if (name === 'track') {
    add('subtitles', attrs['src']);
  } else if (name === 'bgsound') {
    add('audio', attrs['src']);
  } else if (EMBED_SOURCES[name] !== undefined) {
    add('embed', attrs[EMBED_SOURCES[name]!]);
  } else if (name === 'param' && EMBED_PARAM_NAMES.has((attrs['name'] ?? '').trim().toLowerCase())) {
    add('embed', attrs['value']);
  } else if (name === 'a' && attrs['href'] !== undefined) {
    const href = attrs['href'].trim();
    const kind = mediaKindOfFile(href);
    if (kind !== null) add(kind, attrs['href']);
    else if (looksLikePictureFile(href)) add('picture', attrs['href']);
  }
  return refs;
}
