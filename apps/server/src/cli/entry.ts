import { runCli } from './main.js';

/**
 * The `parley` command (bin/parley.mjs runs its compiled form, dist/parley.js): the arguments after
 * the program's name, stdout for results, stderr for notes and errors.
 */
const code = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = code;
