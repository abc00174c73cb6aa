// Whether a CLI's HTTP hooks to the loopback listener bypass a proxy its environment names (else the hook and its token go to the proxy).

const PROXY_VARIABLES = ["HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"] as const;

/**
 * True when the CLI's HTTP hooks to 127.0.0.1 go straight to the listener: no proxy variable is set, or NO_PROXY names
 * 127.0.0.1 or `*`. Otherwise the CLI (Claude, Qwen) would send the hook (and its token header) to the proxy, so HTTP hooks are not used.
 */
export function loopbackBypassesProxy(env: Readonly<Record<string, string | undefined>>): boolean {
  if (!PROXY_VARIABLES.some((name) => (env[name] ?? "") !== "")) return true;
  const noProxy = `${env.NO_PROXY ?? ""},${env.no_proxy ?? ""}`.split(",").map((s) => s.trim());
  return noProxy.includes("*") || noProxy.includes("127.0.0.1");
}
