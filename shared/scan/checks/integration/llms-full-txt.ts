import { httpAnswerText } from "../../../display/answer-text";
import { fileToJudge, isOk, looksLikeHtml } from "../check-helpers";
import { defineCheck } from "../define-check";

const MIN_CHARS = 500;
const CONTENT = /product|price|shipping|delivery|return|refund|policy|warranty/i;

export const llmsFullTxt = defineCheck({
  key: "llms_full_txt",
  layer: 5,
  weight: 1,
  run(site) {
    const f = site.llmsFull;
    const { blocked, url } = fileToJudge(site, f, "/llms-full.txt");
    if (blocked) return blocked;
    if (!isOk(f) || looksLikeHtml(f)) {
      return {
        status: "fail",
        message: `${url} is absent (${httpAnswerText(f?.status)}${f && isOk(f) ? ", HTML instead of text" : ""}).`,
        fix: "Publish /llms-full.txt with your product range, prices and policies as markdown.",
        evidence: { url, status: f?.status ?? 0 },
      };
    }
    const chars = f.body.trim().length;
    const evidence = { url, chars, productOrPolicy: CONTENT.test(f.body) };
    if (chars >= MIN_CHARS && evidence.productOrPolicy) {
      return { status: "pass", message: `${url} carries ${chars} characters of product or policy content.`, evidence };
    }
    return {
      status: "warn",
      message:
        chars < MIN_CHARS
          ? `${url} has only ${chars} characters (under ${MIN_CHARS}).`
          : `${url} has no product or policy content.`,
      fix: "Put product descriptions, prices, shipping and returns policies in llms-full.txt.",
      evidence,
    };
  },
});
