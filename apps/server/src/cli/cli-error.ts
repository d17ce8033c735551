import { inLanguage, type Text } from './texts/language.js';

/**
 * An operator's mistake or a refusal (unknown account, bad argument, a backup that does not verify):
 * `parley` prints its text in the operator's language, without a stack trace, and exits with
 * `exitCode`. `message` is the English text.
 */
export class CliError extends Error {
  constructor(
    readonly text: Text,
    readonly exitCode = 1,
  ) {
    super(inLanguage(text, 'en'));
  }
}

/** A command line that does not fit the command: exit code 2, the command's usage printed after it. */
export class UsageError extends CliError {
  constructor(
    text: Text,
    readonly usage: Text,
  ) {
    super(text, 2);
  }
}
