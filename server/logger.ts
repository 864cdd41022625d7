import pino, { type Logger } from "pino";

export type { Logger };

/**
 * One JSON line per event on stdout. Fields that could carry secrets are redacted
 * wherever they appear, so a careless log call cannot leak them.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          "password",
          "*.password",
          "newPassword",
          "*.newPassword",
          "token",
          "*.token",
          "secret",
          "*.secret",
          "headers.cookie",
          "headers.authorization",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}
