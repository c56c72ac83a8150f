/**
 * What the server tells its operator about where it listens (decision 045): the address and port,
 * and in plain words who can reach it, so nobody learns from an attacker that it faced the network.
 */
export function describeListening(host: string, port: number): string {
  const portText = port === 0 ? 'a free port' : `port ${port}`;
  const where = `${host}, ${portText}`;
  if (host === '0.0.0.0' || host === '::') {
    return `Plinth listens on ${where}: every network interface, so anyone who can reach this machine can reach Plinth (HOST=127.0.0.1 keeps it to this machine)`;
  }
  if (host === '127.0.0.1' || host === '::1' || host === 'localhost') {
    return `Plinth listens on ${where}: this machine only (HOST=0.0.0.0 opens it to the network)`;
  }
  return `Plinth listens on ${where}`;
}
