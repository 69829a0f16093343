import type { KeptMail } from "../../shared/email/send-mail";
import { readLocalMailbox } from "../../shared/email/send-mail";
import { testAppContext } from "./test-context";

/** The newest `limit` mails the test Worker kept (its LOCAL_MAILBOX), read through the mailbox page's use case. */
export async function keptMail(limit: number): Promise<KeptMail[]> {
  const read = await readLocalMailbox(testAppContext(), { limit });
  if (!read.ok) throw new Error(`readLocalMailbox refused: ${read.code}`);
  return read.value;
}
