// Sets the theme before the page is first painted, so a dark page never flashes light: the theme this device last
// used (settings.js keeps it), or the system's. A classic script, run where it stands in <head>; settings.js takes
// over once the player's settings arrive.
(function () {
  var theme = null;
  try {
    theme = window.localStorage.getItem('shudu-theme');
  } catch (e) {
    // Storage may be off: the system's theme will do.
  }
  if (theme !== 'light' && theme !== 'dark' && theme !== 'contrast') {
    theme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.dataset.theme = theme;
})();
