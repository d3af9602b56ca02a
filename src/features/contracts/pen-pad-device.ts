// The clinic's signature pad (spec 001 lines 68, 126, 151): its local service's address is the system
// parameter signatureDeviceUrl, as the ID-card reader's is idCardReaderUrl (decision 0039).
import { getParamByKey } from '../../api/profile';
import { httpSignatureDevice, type SignatureDevice, type SignatureFetch } from '../../bridges/signature-device';

export const SIGNATURE_DEVICE_PARAM = 'signatureDeviceUrl';

const SERVICE_URL = /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i;
const browserFetch: SignatureFetch = (url) => fetch(url, { cache: 'no-store' });

/**
 * The pad behind the parameter, its address read when the session starts. No address (or a
 * malformed one) is a pad that does not answer: the dialog says 没有连接设备!.
 */
export function configuredSignatureDevice(
  serviceUrl: () => Promise<string> = () => getParamByKey(SIGNATURE_DEVICE_PARAM),
  fetchFn: SignatureFetch = browserFetch,
): SignatureDevice {
  let device: SignatureDevice | undefined;
  const connected = () => {
    if (!device) throw new Error('not initialised');
    return device;
  };
  return {
    async initialise(deviceId) {
      const url = String((await serviceUrl().catch(() => '')) ?? '').trim();
      if (!SERVICE_URL.test(url)) return false;
      device = httpSignatureDevice(url, fetchFn);
      return device.initialise(deviceId);
    },
    uninitialise: async () => device?.uninitialise(),
    ink: async () => connected().ink(),
    clear: async () => connected().clear(),
    key: async () => connected().key(),
  };
}
