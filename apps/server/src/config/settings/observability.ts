import { flag, oneOf, secret, text } from '../setting.ts';
import { defineSettings } from '../setting-group.ts';

/* What an operator watches: the log's format, and Prometheus metrics. */

export const logFormats = ['auto', 'pretty', 'json'] as const;
export type LogFormat = (typeof logFormats)[number];

export const observabilitySettings = defineSettings({
  logFormat: oneOf({
    name: 'LOG_FORMAT',
    values: logFormats,
    default: 'auto',
    description:
      'How log lines are written to stdout: pretty (one readable line each, for a person at a terminal), json (one JSON object each, for a log collector), or auto: pretty when stdout is a terminal, json when it is piped or redirected.',
  }),
  metricsEnabled: flag({
    name: 'METRICS_ENABLED',
    default: false,
    description:
      'Serve Prometheus metrics at GET /metrics: HTTP request durations by route and status, SQL run durations by engine and outcome, turns by outcome, model tokens by model, errors by code, open sockets, and the process.',
  }),
  /** Null leaves /metrics open to whoever reaches the port, as most scrapers expect. */
  metricsToken: secret(
    text({
      name: 'METRICS_TOKEN',
      description:
        'When set, GET /metrics requires the header Authorization: Bearer <token> (Prometheus: authorization.credentials); otherwise it is open to anyone who reaches the port.',
    }),
  ),
});
