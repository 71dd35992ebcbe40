import { LineNotifier } from '#line/notifier.ts';
import type { MiniAppSetup, MiniAppSource } from '#notifications/mini-app.ts';
import { Sealer, sealingKey } from '#platform/sealed.ts';
import { miniAppSecret } from './secrets.ts';

/**
 * LINE MINI App mode on AWS (docs/DEPLOY.md, "Secrets"): the channel and the sealing key read
 * through the secret cache on every use, the notifier rebuilt only when the secret changes (it
 * keeps its stateless channel token). Null while the secret is not filled in.
 */
export function lambdaMiniApp(env: NodeJS.ProcessEnv, lineApiBaseUrl?: string): MiniAppSource {
  let last: { key: string; setup: MiniAppSetup } | undefined;
  return async () => {
    const secret = await miniAppSecret(env);
    if (!secret) return null;
    const key = `${secret.channelId}\n${secret.channelSecret}\n${secret.tokenKey}`;
    if (last?.key !== key) {
      last = {
        key,
        setup: {
          notifier: new LineNotifier(
            { channelId: secret.channelId, channelSecret: secret.channelSecret },
            lineApiBaseUrl ? { baseURL: lineApiBaseUrl } : {},
          ),
          sealer: new Sealer(sealingKey(secret.tokenKey)),
        },
      };
    }
    return last.setup;
  };
}
