/**
 * An operator's mistake or a refusal (unknown account, bad argument, a backup that does not verify):
 * `parley` prints its message, without a stack trace, and exits with `exitCode`.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** A command line that does not fit the command: exit code 2, the command's usage printed after it. */
export class UsageError extends CliError {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message, 2);
  }
}
