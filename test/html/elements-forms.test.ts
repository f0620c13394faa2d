import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HtmlPage, joinedText, plainText } from '../../src/html/elements.js';
import { fieldsOf, formContaining, formsOf, hiddenFields, selectOptions, successfulFields } from '../../src/html/forms.js';

describe('HtmlPage: elements by balanced tags', () => {
  it('takes a marker span whole even when it nests spans and divs', () => {
    const html = '<span id="task"><span style="color:red"><b>Заголовок</b></span><div>абзац <span>внутри</span></div> хвост</span><span id="next">x</span>';
    const page = new HtmlPage(html);
    expect(page.innerHtml(page.byId('task')!)).toBe('<span style="color:red"><b>Заголовок</b></span><div>абзац <span>внутри</span></div> хвост');
    expect(page.text(page.byId('task')!)).toBe('Заголовок абзац внутри хвост');
  });

  it('an unclosed element runs to the end of the input', () => {
    const page = new HtmlPage('<span id="t">Задание с <span>незакрытым тегом</span> до конца');
    expect(page.innerHtml(page.byId('t')!)).toBe('Задание с <span>незакрытым тегом</span> до конца');
  });

  it('void elements take no content; enclosing finds the innermost container', () => {
    const page = new HtmlPage('<form id="outer"><div><form id="inner"><input id="x" name="a"></form></div></form>');
    expect(page.enclosing(page.byId('x')!, 'form')!.attrs.id).toBe('inner');
    expect(page.innerHtml(page.byId('x')!)).toBe('');
  });

  it('plainText decodes entities and breaks words at block tags; joinedText glues split answers', () => {
    expect(plainText('<b>код</b>&nbsp;1<br>2&amp;3')).toBe('код 1 2&3');
    expect(joinedText('<span class="nonLatinChar">код1</span>66')).toBe('код166');
  });

  it('property: a generated nested span comes back exactly as written', () => {
    const leaf = fc.stringMatching(/^[a-zа-я0-9 ]{0,8}$/);
    const tree: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.tuple(fc.constantFrom('span', 'div', 'b'), fc.array(tie('node'), { maxLength: 3 })).map(([tag, kids]) => `<${tag}>${kids.join('')}</${tag}>`),
      ),
    })).node;
    fc.assert(
      fc.property(fc.array(tree, { maxLength: 4 }), fc.string({ maxLength: 20 }), (kids, after) => {
        const inner = kids.join('');
        const page = new HtmlPage(`<p><span id="target">${inner}</span>${after.replace(/[<>]/g, '')}</p>`);
        expect(page.innerHtml(page.byId('target')!)).toBe(inner);
      }),
    );
  });

  it('property: never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const page = new HtmlPage(s);
        for (const e of page.elements) expect(e.contentEnd).toBeLessThanOrEqual(s.length);
        plainText(s);
        formsOf(page);
      }),
    );
  });
});

describe('forms', () => {
  const html =
    '<form id="formMain" method="post" action="/Login.aspx?return=%2f&amp;x=1">' +
    '<input type="hidden" name="__VIEWSTATE" value="v&amp;1"><input name="Login" value="">' +
    '<select name="ddlNetwork"><option value="1">Encounter<option value="2" selected>QuestUa</select>' +
    '<input type="checkbox" name="chkOn" checked><input type="checkbox" name="chkOff">' +
    '<textarea name="txt">\n&lt;b&gt;x&lt;/b&gt;</textarea><input type="image" name="btn" src="b.gif">' +
    '<div id="rows_7"><input name="txtAnswer_0"></div></form>';

  it('reads action, method and every control as a browser would submit it', () => {
    const [form] = formsOf(html);
    expect(form!.action).toBe('/Login.aspx?return=%2f&x=1');
    expect(form!.method).toBe('POST');
    expect(hiddenFields(form!)).toEqual({ __VIEWSTATE: 'v&1' });
    expect(successfulFields(form!)).toEqual([
      ['__VIEWSTATE', 'v&1'],
      ['Login', ''],
      ['ddlNetwork', '2'],
      ['chkOn', 'on'],
      ['txt', '<b>x</b>'],
      ['txtAnswer_0', ''],
    ]);
  });

  it('selects list their options (unclosed options end at the next one)', () => {
    expect(selectOptions(html, 'ddlNetwork')).toEqual([
      { value: '1', text: 'Encounter', selected: false },
      { value: '2', text: 'QuestUa', selected: true },
    ]);
    expect(selectOptions(html, 'missing')).toEqual([]);
  });

  it('formContaining finds the form around an element, or null', () => {
    expect(formContaining(html, 'rows_7')!.id).toBe('formMain');
    expect(formContaining(html, 'nowhere')).toBeNull();
    expect(formContaining('<div id="a"></div>', 'a')).toBeNull();
    expect(fieldsOf('<input name="a" value="1"><input value="no name">')).toHaveLength(1);
  });
});
