// CAPTCHA widgets by their script hosts and container classes (vendor integration docs:
// developers.google.com/recaptcha, docs.hcaptcha.com, developers.cloudflare.com/turnstile,
// docs.friendlycaptcha.com).
export const CAPTCHA_MARKERS: Array<[string, RegExp]> = [
  ["reCAPTCHA", /google\.com\/recaptcha|recaptcha\.net|g-recaptcha/i],
  ["hCaptcha", /hcaptcha\.com|h-captcha/i],
  ["Turnstile", /challenges\.cloudflare\.com\/turnstile|cf-turnstile/i],
  ["FriendlyCaptcha", /friendlycaptcha|frc-captcha/i],
];

export function captchasIn(text: string): string[] {
  return CAPTCHA_MARKERS.filter(([, re]) => re.test(text)).map(([name]) => name);
}
