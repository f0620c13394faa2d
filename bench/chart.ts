/** Draws the end-to-end medians as a grouped horizontal bar chart (SVG text, no dependencies). */

export interface ChartRow {
  name: string;
  oursMs: number;
  sharpMs: number;
  jimpMs: number;
}

const COLOURS = { ours: '#2b7bb9', sharp: '#7a9a3a', jimp: '#c0504d' } as const;

/** Title size in px; the chart is too narrow for a long title on one line at this size. */
const TITLE_FONT_SIZE = 15;
/**
 * Estimated advance of one bold sans-serif character, as a fraction of the font size. SVG text does
 * not wrap and there is no font metrics API here, so lines are broken by this estimate; 0.62 is a
 * little above the average of common sans-serif faces in bold, so a line errs on being short.
 */
const BOLD_CHAR_WIDTH_EM = 0.62;
/** Baseline-to-baseline distance of title lines, in px. */
const TITLE_LINE_HEIGHT = 19;

/** Breaks the title at spaces into lines that fit `maxWidth` px by the character-width estimate. */
function wrapTitle(title: string, maxWidth: number): string[] {
  const maxChars = Math.max(10, Math.floor(maxWidth / (TITLE_FONT_SIZE * BOLD_CHAR_WIDTH_EM)));
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * One group per input, three bars (ours, sharp, jimp). Each group is scaled to its own slowest bar
 * because inputs differ by 50× in size; the millisecond label on each bar carries the absolute figure.
 */
export function barChartSvg(rows: readonly ChartRow[], title: string): string {
  const barHeight = 18;
  const groupGap = 26;
  const labelWidth = 250;
  const plotWidth = 520;
  const width = labelWidth + plotWidth + 120;
  // 10 px margin on both sides of the title.
  const titleLines = wrapTitle(title, width - 20);
  // Everything below the title moves down by the extra title lines.
  const shift = (titleLines.length - 1) * TITLE_LINE_HEIGHT;
  const top = 50 + shift;
  const groupHeight = barHeight * 3 + groupGap;
  const height = top + rows.length * groupHeight + 30;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...titleLines.map(
      (line, i) => `<text x="10" y="${22 + i * TITLE_LINE_HEIGHT}" font-size="${TITLE_FONT_SIZE}" font-weight="bold">${escapeXml(line)}</text>`,
    ),
  ];
  let legendX = 10;
  for (const [name, colour] of Object.entries(COLOURS)) {
    parts.push(`<rect x="${legendX}" y="${32 + shift}" width="12" height="12" fill="${colour}"/><text x="${legendX + 16}" y="${42 + shift}">${name}</text>`);
    legendX += 70;
  }
  rows.forEach((row, g) => {
    const y0 = top + g * groupHeight;
    // A runner that cannot read the input (jimp and WebP) has no time: it gets no bar, and does not scale the others.
    const slowest = Math.max(...[row.oursMs, row.sharpMs, row.jimpMs].filter(Number.isFinite));
    parts.push(`<text x="10" y="${y0 + barHeight * 1.5 + 4}">${escapeXml(row.name)}</text>`);
    const bars: Array<[keyof typeof COLOURS, number]> = [
      ['ours', row.oursMs],
      ['sharp', row.sharpMs],
      ['jimp', row.jimpMs],
    ];
    bars.forEach(([name, ms], i) => {
      if (!Number.isFinite(ms)) {
        parts.push(`<text x="${labelWidth + 5}" y="${y0 + i * barHeight + barHeight - 6}">${name} cannot read this input</text>`);
        return;
      }
      const w = Math.max(1, (ms / slowest) * plotWidth);
      const y = y0 + i * barHeight;
      parts.push(`<rect x="${labelWidth}" y="${y}" width="${w.toFixed(1)}" height="${barHeight - 3}" fill="${COLOURS[name]}"/>`);
      parts.push(`<text x="${labelWidth + w + 5}" y="${y + barHeight - 6}">${ms.toFixed(ms < 100 ? 1 : 0)} ms</text>`);
    });
  });
  parts.push('</svg>');
  return parts.join('\n');
}
