// A small client of the server's BladeX envelope ({code, success, data, msg}) for the benchmark's
// setup calls: anything but a success stops the run, since its figures would measure error answers.

export interface Api {
  base: string;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
}

interface Envelope<T> {
  success?: boolean;
  msg?: string;
  data: T;
}

export function apiClient(base: string, headers: Record<string, string>): Api {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/api/${path}`, {
      method,
      headers: { ...headers, ...(method === 'POST' && { 'content-type': 'application/json' }) },
      ...(method === 'POST' && { body: JSON.stringify(body ?? {}) }),
    });
    const text = await res.text();
    let answer: Envelope<T>;
    try {
      answer = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    }
    if (!res.ok || answer.success !== true) throw new Error(`${method} ${path}: ${res.status} ${answer.msg ?? ''} ${text.slice(0, 600)}`);
    return answer.data;
  };
  return { base, get: (path) => call('GET', path), post: (path, body) => call('POST', path, body) };
}
