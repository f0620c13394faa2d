// STUB — replaced by the owner of `encli image`.
export async function runImage(_argv: string[]): Promise<number> {
  process.stderr.write('encli image: not implemented yet\n');
  return 1;
}
