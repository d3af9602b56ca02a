// The identity-card reader on the workstation (spec 000 §7 line 169, 001 lines 32, 127, 137): a local
// service the reader's vendor installs, asked over HTTP, answering within 5 s. It reads the chip of a
// second-generation resident identity card (GB 11643 number, name, sex, birth date, address) and the
// archive form takes those values. The browser never talks to the reader itself; the simulator
// answers as the service does, for the browser journeys and for a machine without a reader.

/** What the archive form takes from a card. */
export interface IdCardData {
  idCard: string;
  name: string;
  /** '1' 男, '2' 女 (the sex dictionary's codes). */
  sex: '1' | '2';
  /** yyyy-MM-dd */
  birthday: string;
  address: string;
  nation?: string;
}

export interface IdCardReader {
  /** Reads the card on the reader; refuses with one of ID_READER_MESSAGES. */
  read(): Promise<IdCardData>;
}

/** The spec's messages (001 line 137), each for one way a read fails. */
export const ID_READER_MESSAGES = {
  serviceDown: '读卡服务已经断开, 请检查控件是否正常安装',
  placeCard: '请放身份证',
  connectFailed: '连接异常,请检查是否成功安装控件',
  noReader: '未检测到读卡器',
} as const;

export class IdReaderError extends Error {}

/** How long a read may take before the service counts as gone (spec: 5 s). */
export const ID_READER_TIMEOUT_MS = 5000;

/**
 * The local service's answer, as the common vendor services give it: `{code, msg, data}` where code
 * 0 is a card read, 1 no card on the reader, 2 no reader attached; data carries the card's fields.
 */
export interface ReaderServiceAnswer {
  code: number;
  msg?: string;
  data?: { certNumber?: string; partyName?: string; gender?: string; bornDay?: string; certAddress?: string; nation?: string };
}

/** The card's fields as the form takes them; a sex of 男/女 or 1/2, a birth day of yyyyMMdd or yyyy-MM-dd. */
export function cardFromAnswer(answer: ReaderServiceAnswer): IdCardData {
  if (answer.code === 1) throw new IdReaderError(ID_READER_MESSAGES.placeCard);
  if (answer.code === 2) throw new IdReaderError(ID_READER_MESSAGES.noReader);
  const d = answer.data;
  if (answer.code !== 0 || !d?.certNumber || !d.partyName) throw new IdReaderError(ID_READER_MESSAGES.connectFailed);
  const born = String(d.bornDay ?? '').replace(/[^0-9]/g, '');
  const birthday = born.length === 8 ? `${born.slice(0, 4)}-${born.slice(4, 6)}-${born.slice(6, 8)}` : '';
  const sex = d.gender === '女' || d.gender === '2' ? '2' : '1';
  return {
    idCard: d.certNumber.trim().toUpperCase(),
    name: d.partyName.trim(),
    sex,
    birthday,
    address: (d.certAddress ?? '').trim(),
    ...(d.nation ? { nation: d.nation.trim() } : {}),
  };
}

/** A fetch as the host gives it (the browser's, with the page's CSP allowing the service's origin). */
export type FetchLike = (url: string, init: { signal: AbortSignal }) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

/**
 * The reader through its local HTTP service (`GET {base}/readcard`). A refused connection is the
 * service gone; a timeout the same after 5 s; an HTTP error or a garbled answer a failed connection.
 */
export function httpIdCardReader(base: string, fetchFn: FetchLike, timeoutMs = ID_READER_TIMEOUT_MS): IdCardReader {
  return {
    async read() {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      let answer: unknown;
      try {
        const res = await fetchFn(`${base.replace(/\/$/, '')}/readcard`, { signal: controller.signal });
        if (!res.ok) throw new IdReaderError(ID_READER_MESSAGES.connectFailed);
        answer = await res.json();
      } catch (error) {
        if (error instanceof IdReaderError) throw error;
        throw new IdReaderError(ID_READER_MESSAGES.serviceDown);
      } finally {
        clearTimeout(timer);
      }
      if (!answer || typeof answer !== 'object') throw new IdReaderError(ID_READER_MESSAGES.connectFailed);
      return cardFromAnswer(answer as ReaderServiceAnswer);
    },
  };
}

/** An answer of a simulated local service: the HTTP status and the JSON body, as the service sends them. */
export interface SimulatedServiceAnswer {
  status: number;
  body: unknown;
}

/** The service's answer for a card on the reader: the card's values in the vendor's words. */
export function answerForCard(card: IdCardData): ReaderServiceAnswer {
  return {
    code: 0,
    msg: '读卡成功',
    data: {
      certNumber: card.idCard,
      partyName: card.name,
      gender: card.sex === '2' ? '女' : '男',
      bornDay: card.birthday.replace(/-/g, ''),
      certAddress: card.address,
      ...(card.nation ? { nation: card.nation } : {}),
    },
  };
}

/**
 * The reader's local service, simulated: `answer(path)` is what the vendor's service answers to
 * `GET {base}{path}` — a card, code 1 with none on the reader, code 2 without a reader. The browser
 * journeys (tests/e2e/device-bridges.spec.ts) answer the page's requests with it; `simulatedIdCardReader`
 * reads it through `httpIdCardReader`, so both run the same code.
 */
export function simulatedReaderService(state: { card?: IdCardData; reader?: boolean } = {}): {
  put(card: IdCardData | undefined): void;
  answer(path: string): SimulatedServiceAnswer;
} {
  let card = state.card;
  const attached = state.reader ?? true;
  return {
    put(next) {
      card = next;
    },
    answer(path) {
      if (path !== '/readcard') return { status: 404, body: { code: -1, msg: 'not found' } };
      if (!attached) return { status: 200, body: { code: 2, msg: ID_READER_MESSAGES.noReader } };
      if (!card) return { status: 200, body: { code: 1, msg: ID_READER_MESSAGES.placeCard } };
      return { status: 200, body: answerForCard(card) };
    },
  };
}

/** A reader that answers as the service does (the simulated service read through the HTTP reader): a card on it, none, or no reader at all. */
export function simulatedIdCardReader(state: { card?: IdCardData; reader?: boolean } = {}): IdCardReader & {
  put(card: IdCardData | undefined): void;
} {
  const service = simulatedReaderService(state);
  const reader = httpIdCardReader('http://simulated-reader', async (url) => {
    const { status, body } = service.answer(new URL(url).pathname);
    return { ok: status < 400, json: async () => body };
  });
  return { put: service.put, read: () => reader.read() };
}
