/**
 * HTML forms as a browser would submit them. ASP.NET pages only accept a POST that carries the
 * page's own hidden state (`__VIEWSTATE`, `__EVENTVALIDATION`, …), so a client reads the form,
 * keeps every field it does not mean to change, and sets the ones it does.
 */
import { decodeEntities } from './entities.js';
import { HtmlPage, plainText, type HtmlElement } from './elements.js';

/** One form control. */
export interface FormField {
  name: string;
  /** The value a browser would send (textarea content decoded; select: the chosen option). */
  value: string;
  /** `input` type (lower-cased, default `text`), or `select` / `textarea` / `button`. */
  type: string;
  /** Checkboxes and radios: whether it is checked; other controls: true. */
  checked: boolean;
  id: string | null;
}

export interface HtmlForm {
  id: string | null;
  /** `action` as written (entities decoded, not resolved); '' when absent. */
  action: string;
  /** Upper-cased; GET when absent. */
  method: string;
  /** Every named control in document order. */
  fields: FormField[];
}

export interface SelectOption {
  value: string;
  text: string;
  selected: boolean;
}

/** Buttons are sent only when they are the one pressed, so a default submission leaves them out. */
const BUTTON_TYPES = new Set(['submit', 'image', 'button', 'reset', 'file']);

/**
 * Every form of a page.
 *
 * @example
 * ```ts
 * formsOf('<form action="/x"><input type="hidden" name="a" value="1"></form>')[0]!.fields[0]!.value; // '1'
 * ```
 */
export function formsOf(html: string | HtmlPage): HtmlForm[] {
  const page = typeof html === 'string' ? new HtmlPage(html) : html;
  return page.find((e) => e.name === 'form').map((f) => readForm(page, f));
}

/**
 * The innermost form that contains the element with id `elementId` (or the first element
 * `test` accepts); null when there is none.
 *
 * @example
 * ```ts
 * formContaining(page, 'divSectorsAddAnswersRows_7')?.action;
 * ```
 */
export function formContaining(html: string | HtmlPage, target: string | ((e: HtmlElement) => boolean)): HtmlForm | null {
  const page = typeof html === 'string' ? new HtmlPage(html) : html;
  const el = typeof target === 'string' ? page.byId(target) : (page.find(target)[0] ?? null);
  if (!el) return null;
  const form = page.enclosing(el, 'form');
  return form ? readForm(page, form) : null;
}

/**
 * The name/value pairs a browser sends for a form submitted without pressing a named button:
 * unchecked boxes and every button are left out.
 *
 * @example
 * ```ts
 * successfulFields(form); // [['__VIEWSTATE', '…'], ['txtName', 'x']]
 * ```
 */
export function successfulFields(form: HtmlForm): Array<[string, string]> {
  return form.fields.filter((f) => f.checked && !BUTTON_TYPES.has(f.type)).map((f) => [f.name, f.value]);
}

/**
 * Hidden inputs of a form as a record (the ASP.NET state a POST must carry back).
 *
 * @example
 * ```ts
 * hiddenFields(form).__VIEWSTATE;
 * ```
 */
export function hiddenFields(form: HtmlForm): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of form.fields) if (f.type === 'hidden' && !(f.name in out)) out[f.name] = f.value;
  return out;
}

/**
 * Options of the `<select>` whose name or id is `nameOrId`, in order ([] when there is none).
 *
 * @example
 * ```ts
 * selectOptions('<select name="s"><option value="1" selected>A</option></select>', 's'); // [{value:'1',text:'A',selected:true}]
 * ```
 */
export function selectOptions(html: string | HtmlPage, nameOrId: string): SelectOption[] {
  const page = typeof html === 'string' ? new HtmlPage(html) : html;
  const select = page.find((e) => e.name === 'select' && (e.attrs.name === nameOrId || e.attrs.id === nameOrId))[0];
  return select ? optionsOf(page, select) : [];
}

/**
 * Every named control of a fragment or page, whether or not it sits in a form.
 *
 * @example
 * ```ts
 * fieldsOf('<input name="txtLevelName_5" value="A">')[0]!.name; // 'txtLevelName_5'
 * ```
 */
export function fieldsOf(html: string | HtmlPage, within?: HtmlElement): FormField[] {
  const page = typeof html === 'string' ? new HtmlPage(html) : html;
  const fields: FormField[] = [];
  for (const e of page.find((x) => (x.name === 'input' || x.name === 'select' || x.name === 'textarea' || x.name === 'button') && 'name' in x.attrs, within)) {
    fields.push(fieldOf(page, e));
  }
  return fields;
}

function readForm(page: HtmlPage, form: HtmlElement): HtmlForm {
  return {
    id: form.attrs.id ?? null,
    action: form.attrs.action ?? '',
    method: (form.attrs.method ?? 'get').toUpperCase(),
    fields: fieldsOf(page, form),
  };
}

function fieldOf(page: HtmlPage, e: HtmlElement): FormField {
  const name = e.attrs.name!;
  const id = e.attrs.id ?? null;
  if (e.name === 'textarea') {
    // The content is text, not markup: only entities are decoded, and one leading newline is dropped as browsers do.
    return { name, id, type: 'textarea', checked: true, value: decodeEntities(page.innerHtml(e)).replace(/^\r?\n/, '') };
  }
  if (e.name === 'select') {
    const options = optionsOf(page, e);
    const chosen = options.find((o) => o.selected) ?? options[0];
    return { name, id, type: 'select', checked: chosen !== undefined, value: chosen?.value ?? '' };
  }
  if (e.name === 'button') return { name, id, type: 'button', checked: true, value: e.attrs.value ?? '' };
  const type = (e.attrs.type ?? 'text').toLowerCase();
  const checkable = type === 'checkbox' || type === 'radio';
  return { name, id, type, checked: checkable ? 'checked' in e.attrs : true, value: e.attrs.value ?? (checkable ? 'on' : '') };
}

function optionsOf(page: HtmlPage, select: HtmlElement): SelectOption[] {
  return page
    .find((x) => x.name === 'option', select)
    .map((o) => {
      // An option's content ends at the next option when the close tag is omitted.
      const text = plainText(page.innerHtml(o).split(/<option\b|<\/select/i, 1)[0] ?? '');
      return { value: o.attrs.value ?? text, text, selected: 'selected' in o.attrs };
    });
}
