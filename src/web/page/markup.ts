/**
 * The page's HTML: a static shell the page script fills in. Nothing in it comes from the model or
 * the engine; those texts only ever reach the DOM as text nodes.
 */

/**
 * @example
 * ```ts
 * new Response(pageHtml(), { headers: { 'content-type': 'text/html' } });
 * ```
 */
export function pageHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>encli web</title>
<link rel="stylesheet" href="/app.css">
<script type="module" src="/js/app.js"></script>
</head>
<body>
<header class="bar">
  <div class="where">
    <span id="domain" class="domain">…</span>
    <span id="who" class="who"></span>
  </div>
  <div id="game" class="game" hidden></div>
  <div class="bar-end">
    <span id="policy" class="badge" hidden></span>
    <span id="connection" class="connection" title="Connection to encli web">connecting…</span>
  </div>
</header>

<main id="conversation" class="conversation" aria-live="polite">
  <p id="welcome" class="welcome">Ask about your game: the current level, a picture in the task, the hints. The assistant reads the game for you and asks before it changes anything.</p>
</main>

<section id="sign-in" class="sign-in" hidden aria-labelledby="sign-in-title">
  <form id="sign-in-form" novalidate>
    <h2 id="sign-in-title">Sign in to <span id="sign-in-domain"></span></h2>
    <p class="hint">Your session is saved like <code>encli login</code> does: the password is not kept.</p>
    <label>Login <input id="sign-in-login" name="login" autocomplete="username" required></label>
    <label>Password <input id="sign-in-password" name="password" type="password" autocomplete="current-password" required></label>
    <label id="sign-in-captcha-row" hidden>Digits from the CAPTCHA <input id="sign-in-captcha" name="captcha" inputmode="numeric" autocomplete="off"></label>
    <p id="sign-in-error" class="error" role="alert" hidden></p>
    <div class="actions">
      <button id="sign-in-submit" type="submit">Sign in</button>
      <button id="sign-in-later" type="button" class="quiet">Later</button>
    </div>
  </form>
</section>

<section id="chatgpt" class="sign-in" hidden aria-labelledby="chatgpt-title">
  <form id="chatgpt-form" novalidate>
    <h2 id="chatgpt-title">Sign in with ChatGPT</h2>
    <p class="hint">The assistant uses your ChatGPT subscription. Open the address on any device, sign in there and enter the code.</p>
    <div id="chatgpt-pending" hidden>
      <p>Address: <a id="chatgpt-link" target="_blank" rel="noopener noreferrer"></a></p>
      <p>Code: <code id="chatgpt-code" class="user-code"></code></p>
      <p class="hint">Waiting for your approval…</p>
    </div>
    <p id="chatgpt-message" role="status" hidden></p>
    <div class="actions">
      <button id="chatgpt-start" type="button">Get a sign-in code</button>
      <button id="chatgpt-cancel" type="button" class="quiet" hidden>Cancel</button>
      <button id="chatgpt-close" type="button" class="quiet" hidden>Close</button>
    </div>
  </form>
</section>

<footer class="composer">
  <form id="composer-form">
    <textarea id="message" rows="1" placeholder="Message the assistant…" aria-label="Message" enterkeyhint="send"></textarea>
    <button id="send" type="submit">Send</button>
    <button id="stop" type="button" class="stop" hidden>Stop</button>
  </form>
  <div class="composer-tools">
    <button id="show-sign-in" type="button" class="link" hidden>Sign in</button>
    <button id="reset" type="button" class="link">New conversation</button>
  </div>
</footer>

<dialog id="confirm" class="confirm" aria-labelledby="confirm-title">
  <div>
    <h2 id="confirm-title">Allow this action?</h2>
    <p id="confirm-tool" class="tool-name"></p>
    <p id="confirm-question" class="question"></p>
    <dl id="confirm-facts" class="facts"></dl>
    <p id="confirm-more" class="hint" hidden></p>
    <div class="actions">
      <button id="confirm-deny" type="button" autofocus>Deny</button>
      <button id="confirm-allow" type="button" class="danger">Allow</button>
    </div>
  </div>
</dialog>

<dialog id="viewer" class="viewer" aria-label="Picture">
  <div class="viewer-bar">
    <a id="viewer-open" target="_blank" rel="noopener">Open in a new tab</a>
    <button id="viewer-close" type="button">Close</button>
  </div>
  <img id="viewer-image" alt="">
</dialog>
</body>
</html>
`;
}

/**
 * What a request without the secret gets: how to open the page properly, nothing else.
 *
 * @example
 * ```ts
 * unauthorizedHtml('This link carries a wrong or outdated secret.');
 * ```
 */
export function unauthorizedHtml(reason: string): string {
  const safe = reason.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>encli web: open the printed address</title></head>
<body><h1>Open the address encli web printed</h1>
<p>${safe}</p>
<p>The address <code>encli web</code> prints in its terminal carries a secret; only a browser that opened it can use this page.</p>
</body></html>
`;
}
