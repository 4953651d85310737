// The catalogue's first view (src/features/catalog/first-view.ts): the last look of this URL's
// view, laid over the page until the app shows its own; on a visitor's first visit, the first
// screen the server rendered (src/ssr/first-screen.tsx), when the page came with one. index.html
// loads this file as a classic script, so it runs while the page is parsed, before the app's
// code; main.tsx waits for `stemlineFirstView`. It is a file rather than an inline script
// because the server's Content-Security-Policy allows no inline script
// (sync-server/src/http/security-headers.ts).
// The item is read synchronously (src/storage/first-view-store.ts builds the same key).
window.stemlineFirstView = (function () {
  var path = location.pathname;
  if (path !== '/shopping/home' && path !== '/shopping/products') return null;
  if (!/(^|[?&])date=/.test(location.search)) return null;
  var html;
  var rendered = serverFirstScreen();
  try {
    var user = localStorage.getItem('user_key') || '';
    html = localStorage.getItem('stemline.firstView:' + user + '|' + path + location.search);
    if (!html && rendered && isVisitor()) html = rendered;
  } catch {
    return null;
  }
  if (!html) return null;
  var view = document.createElement('div');
  view.id = 'first-view';
  view.setAttribute('aria-hidden', 'true');
  view.inert = true;
  view.style.cssText =
    'position:absolute;top:0;left:0;right:0;z-index:1000;background:var(--sl-color-page)';
  view.innerHTML = withoutStyleAttributes(html);
  // The policy refuses style attributes parsed from markup (React sets its styles through the
  // CSSOM, which it allows): the copy's swatch colours and sizes are set the same way here.
  var styled = view.querySelectorAll('[data-first-view-style]');
  for (var i = 0; i < styled.length; i++) {
    styled[i].style.cssText = styled[i].getAttribute('data-first-view-style');
    styled[i].removeAttribute('data-first-view-style');
  }
  // Ids would be doubled while the copy and the app's page are both there (a stored copy has none).
  var named = view.querySelectorAll('[id]');
  for (var j = 0; j < named.length; j++) named[j].removeAttribute('id');
  document.body.appendChild(view);
  performance.mark('stemline:first-view-shown');
  setTimeout(function () {
    view.remove();
  }, 5000);
  // Resolves once the first view has been painted (or after 100 ms in a hidden tab).
  return new Promise(function (resolve) {
    setTimeout(resolve, 100);
    requestAnimationFrame(function () {
      setTimeout(resolve, 0);
    });
  });

  /**
   * The markup of the server's first screen for this window (sync-server/src/http/first-screen.ts:
   * one per kind of window, each with the media query it is for), all taken out of the page; null
   * without one.
   */
  function serverFirstScreen() {
    var blocks = document.querySelectorAll('script.server-first-view');
    var markup = null;
    for (var i = 0; i < blocks.length; i++) {
      blocks[i].remove();
      if (markup === null && matchMedia(blocks[i].getAttribute('data-media')).matches) {
        markup = blocks[i].textContent;
      }
    }
    return markup;
  }

  /** Whether no one has signed in on this device: the server renders a visitor's screen. */
  function isVisitor() {
    return (
      sessionStorage.getItem('stemline.tab_session') === null &&
      (localStorage.getItem('token') === null || localStorage.getItem('stemline.user') === null)
    );
  }

  /**
   * The copy (an element's innerHTML) with each `style` attribute renamed
   * `data-first-view-style`. In serialized HTML a text `<` is always `&lt;` and an attribute
   * value never holds a `"`, so a start tag and its attributes are read exactly by these patterns.
   */
  function withoutStyleAttributes(markup) {
    return markup.replace(
      /<[a-zA-Z][^\s/>]*(?:\s+[^\s"'>/=]+(?:="[^"]*")?)*\s*\/?>/g,
      function (tag) {
        // Each match is one whole attribute, its value included: none is read inside a value.
        return tag.replace(/(\s+)([^\s"'>/=]+)(="[^"]*")?/g, function (match, space, name, value) {
          if (name.toLowerCase() !== 'style') return match;
          return space + 'data-first-view-style' + (value || '');
        });
      },
    );
  }
})();
