import { useState } from 'react';
import { App, Button } from 'antd';
import { getPublicKey } from '../../api/auth';
import { encryptPassword } from '../../api/password-crypto';
import { updatePassword } from '../../api/profile';
import { DocumentForm } from '../../form-runtime';
import type { ProfileTexts } from './profile-messages';

/** The encryption and the call, replaceable in tests (jsencrypt needs a real key). */
export interface PasswordApi {
  getPublicKey: () => Promise<string>;
  encrypt: (pem: string, plain: string) => string;
  updatePassword: typeof updatePassword;
}

const realApi: PasswordApi = { getPublicKey, encrypt: encryptPassword, updatePassword };

/** The password form: schemas/passwordchange.json + rules (required, the §5 policy, the confirmation), run again by the server. */
export const PASSWORD_FORM = 'passwordchange';
const SECRET_WIDGETS = { oldPassword: 'password', newPassword: 'password', newPassword1: 'password' } as const;
const SECRET_PROPS = { oldPassword: { autoComplete: 'current-password' } };

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Change password: old, new, confirmation; sent RSA-encrypted like the login. */
export function PasswordTab({ t, api = realApi }: { t: ProfileTexts; api?: PasswordApi }) {
  const { message } = App.useApp();
  // A new generation empties the form (after a change, or 重置).
  const [generation, setGeneration] = useState(0);

  return (
    <DocumentForm
      formCode={PASSWORD_FORM}
      generation={generation}
      submitText={t.save}
      widgets={SECRET_WIDGETS}
      widgetProps={SECRET_PROPS}
      onSubmit={async (values) => {
        try {
          const pem = await api.getPublicKey();
          await api.updatePassword({
            oldPassword: api.encrypt(pem, text(values.oldPassword)),
            newPassword: api.encrypt(pem, text(values.newPassword)),
            newPassword1: api.encrypt(pem, text(values.newPassword1)),
          });
        } catch (error) {
          void message.error(error instanceof Error ? error.message : String(error));
          throw error;
        }
        void message.success(t.passwordChanged);
        setGeneration((g) => g + 1);
      }}
      footer={<Button onClick={() => setGeneration((g) => g + 1)}>{t.reset}</Button>}
    />
  );
}
