// STUB — replaced by the owner of `encli login`.
export async function runLogin(_argv: string[]): Promise<number> {
  process.stderr.write('encli login: not implemented yet\n');
  return 1;
}
export async function runLogout(_argv: string[]): Promise<number> { return 1; }
