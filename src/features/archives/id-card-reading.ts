// 读卡 on the new-archive form (spec 000 line 169, 001 lines 127, 137): which reader the clinic has
// and what of a card the archive form takes. Decision 0039: the reader is always the clinic's local
// service, named by the system parameter idCardReaderUrl; the bundle carries no simulator switch (the
// browser journey stands in for the service at the network layer).
import { getParamByKey } from '../../api/profile';
import {
  httpIdCardReader,
  ID_READER_MESSAGES,
  IdReaderError,
  type FetchLike,
  type IdCardData,
  type IdCardReader,
} from '../../bridges/id-card-reader';

/** The system parameter naming the reader's local service, e.g. http://127.0.0.1:19196 (tenant's value, else the platform's). */
export const ID_CARD_READER_PARAM = 'idCardReaderUrl';

/** Only an http(s) origin with an optional path: anything else is a service that was never set up. */
const SERVICE_URL = /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i;

const browserFetch: FetchLike = (url, init) => fetch(url, { signal: init.signal, cache: 'no-store' });

/**
 * The reader behind the clinic's parameter, asked afresh at each read (an administrator who fixes the
 * address need not reload the page). No address, or a malformed one, reads as the spec's
 * 读卡服务已经断开: to the doctor that is the same as a control not installed.
 */
export function configuredIdCardReader(
  serviceUrl: () => Promise<string> = () => getParamByKey(ID_CARD_READER_PARAM),
  fetchFn: FetchLike = browserFetch,
): IdCardReader {
  return {
    async read() {
      const url = String((await serviceUrl().catch(() => '')) ?? '').trim();
      if (!SERVICE_URL.test(url)) throw new IdReaderError(ID_READER_MESSAGES.serviceDown);
      return httpIdCardReader(url, fetchFn).read();
    },
  };
}

/**
 * A card as the archive form's fields (schemas/archiveedit.json). The ID number first: the form's
 * rules derive sex and birth date from it, and the card's own sex and birth date then agree with
 * them. The card's address is its registered (户籍) address, the only one it carries: it fills 现住址,
 * which the doctor corrects when the resident lives elsewhere. nation goes in where a form has it.
 */
export function cardToArchiveValues(card: IdCardData): Record<string, string> {
  return {
    idCard: card.idCard,
    personName: card.name,
    sex: card.sex,
    ...(card.birthday && { birthday: card.birthday }),
    ...(card.address && { homeAddress: card.address }),
    ...(card.nation && { nation: card.nation }),
  };
}
