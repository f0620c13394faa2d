// STUB — replaced by the owner of `encli mcp`.
export async function runMcp(_argv: string[]): Promise<number> {
  process.stderr.write('encli mcp: not implemented yet\n');
  return 1;
}
