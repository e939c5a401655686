// The back office's command line (docs/decisions/0033-back-office-staff.md):
//
//   npm run admin -- create-admin EMAIL [--name "Full Name"]
//   npm run admin -- create-staff EMAIL [--name "Full Name"]
//
// The password is never an argument (it would stay in the shell's history and the process list):
// it is asked for twice without echo, or read from the first line of stdin when stdin is not a
// terminal (`printf '%s\n' "$PASSWORD" | npm run admin -- create-admin EMAIL`). The second
// factor's otpauth:// link and the recovery codes are printed once; only hashes are kept.
// Works on the configured database (DATABASE_URL, or PGlite in DATA_DIR: stop the shop first).
import path from 'node:path';
import readline from 'node:readline';
import { config } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createStaff } from '../src/server/staff/staff.service';
import { DomainError, ValidationError } from '../src/server/errors';
import { emailProblem } from '../src/domain/email';
import type { StaffRole } from '../src/domain/staff';

const USAGE = 'Usage: npm run admin -- create-admin EMAIL [--name "Full Name"]   (or create-staff)';
const PASSWORD_NOT_ARGUMENT = 'The password is never an argument: it is asked for without echo, or read from stdin. Nothing was created.';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

/** Asks without echoing what is typed. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl);
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.includes(question)) write(s);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readStdinLine();
  const first = await askHidden('Password (at least 12 characters): ');
  const second = await askHidden('Password again: ');
  if (first !== second) fail('The two passwords differ; nothing was created.');
  return first;
}

async function main(): Promise<void> {
  const [command, email, ...rest] = process.argv.slice(2);
  const roles: Record<string, StaffRole> = { 'create-admin': 'admin', 'create-staff': 'staff' };
  const role = command ? roles[command] : undefined;
  if (!role || !email) fail(USAGE);
  const problem = emailProblem(email, { required: 'An e-mail is required', invalid: 'That e-mail address is not valid' });
  if (problem) fail(problem);
  const nameAt = rest.indexOf('--name');
  // Anything else is refused, not ignored: a password typed as an argument (`--password …`) is
  // already in the shell's history, and must not look as if it had been taken.
  const unknown = nameAt < 0 ? rest : rest.filter((_, i) => i !== nameAt && i !== nameAt + 1);
  if (unknown.length > 0 || (nameAt >= 0 && rest[nameAt + 1] === undefined))
    // A bare word is not repeated: it may be the password itself.
    fail(
      `${unknown.length > 0 ? `Unknown argument ${unknown[0]!.startsWith('--') ? unknown[0] : '(an extra word, not shown)'}. ` : ''}${PASSWORD_NOT_ARGUMENT}\n${USAGE}`,
    );
  const name = (nameAt >= 0 ? rest[nameAt + 1] : undefined) ?? email.split('@')[0]!;
  const password = await readPassword();
  const { DATABASE_URL, DATA_DIR, SHOP_NAME } = config();
  const handle = await openDatabase({ url: DATABASE_URL, dataDir: path.resolve(DATA_DIR, 'pglite') });
  try {
    await handle.migrate();
    const created = await createStaff(handle.db, { email, name, role, password }, { issuer: SHOP_NAME });
    console.log(`Created ${role} ${created.staff.email} (id ${created.staff.id}).`);
    console.log('\nAdd this account to an authenticator app (scan it as a QR code or paste the link):');
    console.log(`  ${created.otpauthUri}`);
    console.log('\nRecovery codes (each works once, instead of the app code). Keep them somewhere safe;');
    console.log('they are not shown again:');
    for (const code of created.recoveryCodes) console.log(`  ${code}`);
  } catch (error) {
    if (error instanceof ValidationError || error instanceof DomainError) fail(error.message);
    throw error;
  } finally {
    await handle.close();
  }
}

await main();
