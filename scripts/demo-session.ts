/**
 * `npm run demo:session` — a scripted MCP client session against `encli mcp --demo`, for a first
 * look without an account or an MCP client of your own. It starts the built server exactly as a
 * client would (`node dist/src/cli/encli.js mcp --demo`), lists the tools, reads the demo game,
 * measures and splits the level's collage, and writes the parts to `demo-out/`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { DEMO_GAME_ID } from '../src/demo/index.js';

type Content = Array<{ type: string; text?: string; data?: string; mimeType?: string }>;

const client = new Client({ name: 'encli-demo-session', version: '1' }, { capabilities: {} });
const transport = new StdioClientTransport({ command: process.execPath, args: ['dist/src/cli/encli.js', 'mcp', '--demo'], stderr: 'inherit' });
await client.connect(transport);

async function call(name: string, args: Record<string, unknown>): Promise<{ json: any; images: Content }> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as Content;
  const text = content.find((c) => c.type === 'text')?.text ?? '';
  if (result.isError) throw new Error(`${name}: ${text}`);
  return { json: JSON.parse(text), images: content.filter((c) => c.type === 'image') };
}

const { tools } = await client.listTools();
console.log(`${tools.length} tools: ${tools.map((t) => t.name).join(', ')}\n`);

const state = await call('enc_game_state', { game_id: DEMO_GAME_ID });
const level = state.json.current_level;
console.log(`game "${state.json.title}", level ${level.number} "${level.name ?? ''}"`);
for (const task of level.tasks ?? []) console.log(`task: ${task}`);
console.log(`pictures: ${JSON.stringify(level.images ?? [])}\n`);

const url = level.images?.[0]?.url;
if (url) {
  const info = await call('enc_image_info', { url });
  console.log(`enc_image_info: ${info.json.width}x${info.json.height} ${info.json.format}; ${info.json.note}`);
  const split = await call('enc_split_image', { url });
  mkdirSync('demo-out', { recursive: true });
  split.images.forEach((image, i) => {
    const file = join('demo-out', `part-${i + 1}.${image.mimeType === 'image/png' ? 'png' : 'jpg'}`);
    writeFileSync(file, Buffer.from(image.data!, 'base64'));
    const part = split.json.parts[i];
    console.log(`part ${part.index}: box ${JSON.stringify(part.box)} -> ${file}`);
  });
}
await client.close();
