/**
 * HTML reduction and picture listing (src/html/*, src/tools/level-images.ts).
 * Reference acceptance case covered: 25 (task img + bonus picture link → 2 images, `where` task),
 * plus what the reference missed: document order, decoded entities, unquoted src, srcset, links with query
 * strings, relative URLs resolved, each picture once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/engine/types.js';
import { decodeEntities } from '../../src/html/entities.js';
import { pictureUrlsInHtml } from '../../src/html/pictures.js';
import { srcsetUrls } from '../../src/html/srcset.js';
import { htmlToText } from '../../src/html/text.js';
import { createUrlResolver } from '../../src/html/urls.js';
import { levelImages } from '../../src/tools/level-images.js';

const SITE = 'https://tech.en.cx';
const resolve = createUrlResolver(SITE);

function level(partial: Partial<Level>): Level {
  return { LevelId: 1, Number: 1, IsPassed: false, Dismissed: false, ...partial };
}

describe('entities', () => {
  it('decodes named and numeric references, leaves unknown ones alone', () => {
    expect(decodeEntities('&laquo;Ответ&raquo; &#8470;5 &#x41;&amp;B &bogus; R&D')).toBe('«Ответ» №5 A&B &bogus; R&D');
    expect(decodeEntities('&#0; &#99999999;')).toBe('\ufffd \ufffd');
  });
});

describe('srcset', () => {
  it('splits candidates without breaking URLs that contain commas', () => {
    expect(srcsetUrls('/s.jpg 480w, /l.jpg 1080w')).toEqual(['/s.jpg', '/l.jpg']);
    expect(srcsetUrls('/a,b.jpg 1x,/c.jpg 2x')).toEqual(['/a,b.jpg', '/c.jpg']);
    expect(srcsetUrls('/only.jpg')).toEqual(['/only.jpg']);
  });
});

describe('htmlToText', () => {
  it('keeps line breaks and pictures in place, strips tags, decodes entities', () => {
    const html =
      '<p style="color:red">Найдите&nbsp;<b>место</b></p><img src="/u/a.jpg" alt="карта"><br>' +
      'Ссылка: <a href="/go?x=1&amp;y=2">здесь</a><script>alert(1)</script><ul><li>один<li>два</ul>';
    expect(htmlToText(html, resolve)).toBe(
      'Найдите\u00a0место\n[picture "карта": https://tech.en.cx/u/a.jpg]\n' +
        // A script stays visible: organisers hide codes in variables and document.write.
        'Ссылка: здесь (https://tech.en.cx/go?x=1&y=2) [script: alert(1)]\n\n• один\n• два',
    );
  });

  it('does not repeat a link around its own picture', () => {
    expect(htmlToText('<a href="/big.jpg"><img src="/big.jpg"></a>', resolve)).toBe('[picture: https://tech.en.cx/big.jpg]');
  });

  it('a comment ending in an unterminated tag leaves no tag bracket pair with what follows it', () => {
    // fast-check's counterexample (seed 245541232): the inner comment's '<b' met the outer '-->'.
    expect(htmlToText('<!--<!--<b-->-->', resolve)).not.toMatch(/<(p|br|img|a|b)\b[^>]*>/);
  });

  it('property: never throws and never leaves a tag bracket pair from generated markup', () => {
    const piece = fc.constantFrom('<p>', '</p>', '<br>', '<img src="/x.png">', '<a href="/y">', '</a>', 'текст', '&amp;', '<', '>', '"', '<!--', '-->', '<b', ' ');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const text = htmlToText(parts.join(''), resolve);
        expect(typeof text).toBe('string');
        expect(text).not.toMatch(/<(p|br|img|a|b)\b[^>]*>/);
      }),
    );
  });
});

describe('pictureUrlsInHtml', () => {
  it('finds img src (quoted or not), srcset, picture links with query strings, backgrounds, in document order', () => {
    const html =
      '<img src=/plain.jpg><a href="/doc.pdf">doc</a><picture><source srcset="/s1.webp 1x, /s2.webp 2x"></picture>' +
      '<a href="https://img.en.cx/photo.PNG?v=3">p</a><td background="/bg.gif"></td><div style="background:url(\'/css.jpg\')"></div>' +
      "<img src='/single.jpg' srcset='/small.jpg 320w'>";
    expect(pictureUrlsInHtml(html)).toEqual([
      '/plain.jpg',
      '/s1.webp',
      '/s2.webp',
      'https://img.en.cx/photo.PNG?v=3',
      '/bg.gif',
      '/css.jpg',
      '/single.jpg',
      '/small.jpg',
    ]);
  });

  it('survives hostile input: unclosed quotes and endless brackets', () => {
    expect(pictureUrlsInHtml('<img src="/x.jpg')).toEqual(['/x.jpg']);
    expect(pictureUrlsInHtml('<'.repeat(50_000) + '<img src=/y.png>')).toEqual(['/y.png']);
  });
});

describe('levelImages', () => {
  it('case 25: a task img and a bonus picture link give two images, the first from the task', () => {
    const images = levelImages(
      level({
        Tasks: [{ TaskTextFormatted: 'Смотри <img src="/upload/task.jpg">' }],
        Bonuses: [{ BonusId: 7, Number: 1, Name: 'Фото', IsAnswered: false, Expired: false, Task: '<a href="https://img.en.cx/photo.png">фото</a>' }],
      }),
      resolve,
    );
    expect(images).toEqual([
      { url: 'https://tech.en.cx/upload/task.jpg', where: 'task' },
      { url: 'https://img.en.cx/photo.png', where: 'bonus:Фото' },
    ]);
  });

  it('lists a picture from every place once, in reading order, with its source', () => {
    const images = levelImages(
      level({
        Tasks: [{ TaskTextFormatted: '<img src="/t/1.jpg"><img srcset="t/2.jpg 1x, //cdn.example.org/3.jpg 2x">' }],
        Task: { TaskText: 'legacy <img src="/t/legacy.png">' },
        Bonuses: [
          { BonusId: 1, Number: 1, Name: '', IsAnswered: true, Expired: false, Task: '<img src="/b/task.jpg">', Help: '<img src="/b/help.jpg"><img src="/t/1.jpg">' },
        ],
        Helps: [{ HelpId: 11, Number: 1, HelpText: '<a href="/h/hint.jpeg?size=big">hint</a>' }],
        PenaltyHelps: [{ HelpId: 12, Number: 1, HelpText: '<img src="/p/pen.gif">', PenaltyComment: '<img src="/p/comment.png">' }],
        Messages: [{ MessageId: 5, MessageText: 'Смотри &lt;<img src="/m/msg.webp?a=1&amp;b=2">' }],
      }),
      resolve,
    );
    expect(images).toEqual([
      { url: 'https://tech.en.cx/t/1.jpg', where: 'task' },
      { url: 'https://tech.en.cx/t/2.jpg', where: 'task' },
      { url: 'https://cdn.example.org/3.jpg', where: 'task' },
      { url: 'https://tech.en.cx/t/legacy.png', where: 'task' },
      { url: 'https://tech.en.cx/b/task.jpg', where: 'bonus:#1' },
      { url: 'https://tech.en.cx/b/help.jpg', where: 'bonus:#1' },
      { url: 'https://tech.en.cx/h/hint.jpeg?size=big', where: 'hint' },
      { url: 'https://tech.en.cx/p/comment.png', where: 'penalty_hint' },
      { url: 'https://tech.en.cx/p/pen.gif', where: 'penalty_hint' },
      { url: 'https://tech.en.cx/m/msg.webp?a=1&b=2', where: 'message' },
    ]);
  });

  it('skips data: and javascript: URLs, and dedupes the same picture written two ways', () => {
    const images = levelImages(
      level({ Tasks: [{ TaskTextFormatted: '<img src="data:image/png;base64,AAAA"><img src="/a.jpg"><img src="https://tech.en.cx/a.jpg"><a href="javascript:x.jpg">x</a>' }] }),
      resolve,
    );
    expect(images).toEqual([{ url: 'https://tech.en.cx/a.jpg', where: 'task' }]);
  });
});
