// Throwaway TLS material for the fake OAuth endpoints: a per-run CA and one leaf certificate for the Anthropic hosts.
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface FakeTlsMaterial {
  /** PEM of the CA; hand its path to the CLI as NODE_EXTRA_CA_CERTS. */
  readonly caFile: string;
  readonly cert: string;
  readonly key: string;
}

/**
 * Creates a CA and a leaf certificate for `hosts` in `dir` with the openssl CLI. Node has no API that issues
 * X.509 certificates, and the CLI only trusts a MITM whose chain ends in a CA it was told about, so the CA is
 * created fresh per test: nothing outside the test's directory ever trusts it.
 */
export async function createFakeTls(dir: string, hosts: readonly string[]): Promise<FakeTlsMaterial> {
  const p = (name: string): string => path.join(dir, name);
  const openssl = (...args: string[]): Promise<unknown> => run("openssl", args, { cwd: dir });
  await openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", p("ca.key"), "-out", p("ca.pem"), "-days", "2", "-subj", "/CN=Elwood e2e fake OAuth CA",
    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign");
  await openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", p("leaf.key"), "-out", p("leaf.csr"), "-subj", `/CN=${hosts[0] ?? "localhost"}`);
  await writeFile(p("leaf.ext"), `basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=${hosts.map((h) => `DNS:${h}`).join(",")}\n`);
  await openssl("x509", "-req", "-in", p("leaf.csr"), "-CA", p("ca.pem"), "-CAkey", p("ca.key"), "-CAcreateserial", "-out", p("leaf.pem"), "-days", "2", "-extfile", p("leaf.ext"));
  const [cert, key] = await Promise.all([readFile(p("leaf.pem"), "utf8"), readFile(p("leaf.key"), "utf8")]);
  return { caFile: p("ca.pem"), cert, key };
}
