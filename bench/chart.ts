/** Draws the end-to-end medians as a grouped horizontal bar chart (SVG text, no dependencies). */

export interface ChartRow {
  name: string;
  oursMs: number;
  sharpMs: number;
  jimpMs: number;
}

const COLOURS = { ours: '#2b7bb9', sharp: '#7a9a3a', jimp: '#c0504d' } as const;

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
  const top = 50;
  const groupHeight = barHeight * 3 + groupGap;
  const height = top + rows.length * groupHeight + 30;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${labelWidth + plotWidth + 120}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="10" y="22" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
  ];
  let legendX = 10;
  for (const [name, colour] of Object.entries(COLOURS)) {
    parts.push(`<rect x="${legendX}" y="32" width="12" height="12" fill="${colour}"/><text x="${legendX + 16}" y="42">${name}</text>`);
    legendX += 70;
  }
  rows.forEach((row, g) => {
    const y0 = top + g * groupHeight;
    const slowest = Math.max(row.oursMs, row.sharpMs, row.jimpMs);
    parts.push(`<text x="10" y="${y0 + barHeight * 1.5 + 4}">${escapeXml(row.name)}</text>`);
    const bars: Array<[keyof typeof COLOURS, number]> = [
      ['ours', row.oursMs],
      ['sharp', row.sharpMs],
      ['jimp', row.jimpMs],
    ];
    bars.forEach(([name, ms], i) => {
      const w = Math.max(1, (ms / slowest) * plotWidth);
      const y = y0 + i * barHeight;
      parts.push(`<rect x="${labelWidth}" y="${y}" width="${w.toFixed(1)}" height="${barHeight - 3}" fill="${COLOURS[name]}"/>`);
      parts.push(`<text x="${labelWidth + w + 5}" y="${y + barHeight - 6}">${ms.toFixed(ms < 100 ? 1 : 0)} ms</text>`);
    });
  });
  parts.push('</svg>');
  return parts.join('\n');
}
