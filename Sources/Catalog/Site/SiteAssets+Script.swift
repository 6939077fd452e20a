extension SiteAssets {
    /// Search in the browser, from static files. The index is a set of script files
    /// that call `catalogSearch.load(key, data)`: script elements load from `file://`
    /// pages where `fetch()` cannot. Per locale: `manifest.js` (sizes and the first key
    /// of each pack), packs of term shards `t-HEX.js` named by their first key (a term is
    /// in the last pack whose key sorts at or before it, in Swift's `String` order: NFC
    /// code points), documents in chunks `d-N.js`, and one file per filter `f-NAME.js`,
    /// each fetched only when needed. Tokenizing must match `SearchTokenizer` in Swift.
    static let script = #"""
(function () {
  'use strict';
  var store = {}, waiting = {};
  window.catalogSearch = {
    load: function (key, data) {
      store[key] = data;
      (waiting[key] || []).forEach(function (w) { w.resolve(data); });
      delete waiting[key];
    }
  };
  function load(root, key) {
    return new Promise(function (resolve, reject) {
      if (Object.prototype.hasOwnProperty.call(store, key)) { resolve(store[key]); return; }
      if (waiting[key]) { waiting[key].push({ resolve: resolve, reject: reject }); return; }
      waiting[key] = [{ resolve: resolve, reject: reject }];
      var script = document.createElement('script');
      script.src = root + key;
      script.onerror = function () {
        (waiting[key] || []).forEach(function (w) { w.reject(new Error(key)); });
        delete waiting[key];
      };
      document.head.appendChild(script);
    });
  }
  var CJK = /[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;
  function tokens(text) {
    var out = [];
    var runs = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\u03c2/g, '\u03c3').match(/[\p{L}\p{N}]+/gu) || [];
    function push(word) {
      var chars = Array.from(word);
      if (chars.length > 64) word = chars.slice(0, 64).join('');
      if (chars.length >= 2 && out.indexOf(word) < 0) out.push(word);
    }
    runs.forEach(function (run) {
      var word = '';
      Array.from(run).forEach(function (ch) {
        if (CJK.test(ch)) { push(word); word = ''; if (out.indexOf(ch) < 0) out.push(ch); } else { word += ch; }
      });
      push(word);
    });
    return out;
  }
  function hex(text) {
    return Array.from(new TextEncoder().encode(text)).map(function (b) { return (b < 16 ? '0' : '') + b.toString(16); }).join('');
  }
  function undelta(list) {
    var out = [], id = 0;
    for (var i = 0; i < list.length; i++) { id += list[i]; out.push(id); }
    return out;
  }
  function codePoints(text) {
    return Array.from(text.normalize('NFC'), function (c) { return c.codePointAt(0); });
  }
  function compare(a, b) {
    for (var i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
    return a.length - b.length;
  }
  // The pack a term sorts into: the last whose first key is at or before it.
  function packIndex(manifest, term) {
    var point = codePoints(term), low = 0, high = manifest.order.length;
    while (low < high) {
      var mid = (low + high) >> 1;
      if (compare(manifest.order[mid], point) <= 0) low = mid + 1; else high = mid;
    }
    return Math.max(0, low - 1);
  }
  function Search(scope) {
    this.scope = scope;
    this.form = scope.querySelector('form');
    this.root = scope.getAttribute('data-root');
    this.base = 'search/' + scope.getAttribute('data-locale') + '/';
    this.status = scope.querySelector('[data-search-status]');
    this.list = scope.querySelector('[data-search-results]');
    this.more = scope.querySelector('[data-search-more]');
    this.serial = 0;
    this.hits = [];
    this.shown = 0;
  }
  Search.prototype.file = function (name) { return load(this.root, this.base + name); };
  Search.prototype.manifest = function () {
    var self = this;
    if (!this.manifestPromise) {
      this.manifestPromise = this.file('manifest.js').then(function (m) {
        m.order = m.packs.map(codePoints);
        return m;
      });
      this.manifestPromise.catch(function () { self.manifestPromise = null; });
    }
    return this.manifestPromise;
  };
  // A prefix also reads the next pack when that one starts with it (two packs at most,
  // so that a short prefix does not fetch much of the index).
  Search.prototype.termScores = function (manifest, term, prefix) {
    var self = this, packs = manifest.packs;
    if (!packs.length) return Promise.resolve(new Map());
    var at = packIndex(manifest, term), keys = [packs[at]];
    if (prefix && at + 1 < packs.length && packs[at + 1].indexOf(term) === 0) keys.push(packs[at + 1]);
    return Promise.all(keys.map(function (key) { return self.file('t-' + hex(key) + '.js'); })).then(function (loaded) {
      var scores = new Map();
      loaded.forEach(function (shard) {
        Object.keys(shard).forEach(function (t) {
          if (t !== term && !(prefix && t.indexOf(term) === 0)) return;
          [3, 1].forEach(function (weight, i) {
            undelta(shard[t][i]).forEach(function (id) { scores.set(id, Math.max(scores.get(id) || 0, weight)); });
          });
        });
      });
      return scores;
    });
  };
  Search.prototype.filterSet = function (name, value) {
    return this.file('f-' + name + '.js').then(function (facet) { return new Set(undelta(facet[value] || [])); });
  };
  Search.prototype.query = function () {
    var self = this, data = new FormData(this.form);
    var text = String(data.get('q') || ''), terms = tokens(text);
    var filters = [];
    ['age', 'time', 'type', 'topic', 'progress'].forEach(function (name) {
      var value = data.get(name);
      if (value) filters.push([name, String(value)]);
    });
    if (!terms.length && !filters.length) return Promise.resolve(null);
    var prefixLast = !/\s$/.test(text);
    return this.manifest().then(function (manifest) {
      var parts = terms.map(function (term, i) { return self.termScores(manifest, term, prefixLast && i === terms.length - 1); });
      var sets = filters.map(function (f) { return self.filterSet(f[0], f[1]); });
      return Promise.all([Promise.all(parts), Promise.all(sets)]).then(function (r) {
        return self.rank(manifest, r[0], r[1], terms.length > 0);
      });
    });
  };
  Search.prototype.rank = function (manifest, termMaps, filterSets, hasTerms) {
    var scores;
    if (hasTerms) {
      scores = termMaps[0];
      termMaps.slice(1).forEach(function (m) {
        var next = new Map();
        scores.forEach(function (s, id) { if (m.has(id)) next.set(id, s + m.get(id)); });
        scores = next;
      });
    } else {
      scores = new Map();
      for (var id = 0; id < manifest.docs; id++) scores.set(id, 0);
    }
    var hits = [];
    scores.forEach(function (s, id) {
      if (filterSets.every(function (set) { return set.has(id); })) hits.push([id, s]);
    });
    hits.sort(function (a, b) { return b[1] - a[1] || a[0] - b[0]; });
    return { manifest: manifest, ids: hits.map(function (h) { return h[0]; }) };
  };
  Search.prototype.run = function () {
    var self = this, serial = ++this.serial;
    this.query().then(function (result) {
      if (serial !== self.serial) return;
      self.list.textContent = '';
      self.shown = 0;
      if (!result) { self.status.textContent = ''; self.more.hidden = true; return; }
      self.hits = result.ids;
      self.chunk = result.manifest.chunk;
      var n = self.hits.length, s = self.scope;
      self.status.textContent = n === 0 ? s.getAttribute('data-none')
        : n === 1 ? s.getAttribute('data-one') : self.count(n).replace('{count}', n);
      return self.showMore(serial);
    }).catch(function () {
      if (serial !== self.serial) return;
      self.status.textContent = self.scope.getAttribute('data-error');
    });
  };
  // The count's plural form in the page's language: data-plural-few, -many… when the
  // language has them, else data-many.
  Search.prototype.count = function (n) {
    var s = this.scope, form = null;
    try { form = s.getAttribute('data-plural-' + new Intl.PluralRules(s.getAttribute('data-locale')).select(n)); } catch (e) {}
    return form || s.getAttribute('data-many');
  };
  Search.prototype.showMore = function (serial) {
    var self = this, ids = this.hits.slice(this.shown, this.shown + 20);
    var chunks = Array.from(new Set(ids.map(function (id) { return Math.floor(id / self.chunk); })));
    return Promise.all(chunks.map(function (c) { return self.file('d-' + c + '.js'); })).then(function (loaded) {
      if (serial !== self.serial) return;
      var byChunk = {};
      chunks.forEach(function (c, i) { byChunk[c] = loaded[i]; });
      ids.forEach(function (id) { self.list.appendChild(self.card(byChunk[Math.floor(id / self.chunk)][id % self.chunk])); });
      self.shown += ids.length;
      self.more.hidden = self.shown >= self.hits.length;
    });
  };
  Search.prototype.card = function (doc) {
    function el(tag, cls, text) {
      var e = document.createElement(tag);
      if (cls) e.className = cls;
      if (text) e.textContent = text;
      return e;
    }
    var li = el('li', 'card'), body = el('div', 'card-text'), h = el('h3', 'card-title'), a = el('a', '', doc[0]);
    a.href = this.root + doc[1];
    if (doc[5]) a.lang = doc[5];
    if (doc[3]) {
      var img = el('img', 'thumb');
      img.src = this.root + doc[3]; img.alt = doc[0]; img.width = 84; img.height = 84; img.loading = 'lazy';
      li.appendChild(img);
    } else {
      var ph = el('div', 'thumb thumb-placeholder', Array.from(doc[0])[0] || '');
      ph.setAttribute('aria-hidden', 'true');
      li.appendChild(ph);
    }
    h.appendChild(a); body.appendChild(h);
    if (doc[4]) body.appendChild(el('p', 'card-meta', doc[4]));
    if (doc[2]) { var p = el('p', 'card-summary', doc[2]); if (doc[5]) p.lang = doc[5]; body.appendChild(p); }
    li.appendChild(body);
    return li;
  };
  Search.prototype.start = function () {
    var self = this, timer = null;
    var params = new URLSearchParams(location.search);
    if (this.scope.hasAttribute('data-search-page')) {
      Array.from(this.form.elements).forEach(function (field) {
        if (field.name && params.has(field.name)) field.value = params.get(field.name);
      });
    }
    function later() { clearTimeout(timer); timer = setTimeout(function () { self.run(); }, 150); }
    this.form.addEventListener('input', later);
    this.form.addEventListener('change', later);
    this.form.addEventListener('submit', function (event) { event.preventDefault(); clearTimeout(timer); self.run(); });
    this.more.addEventListener('click', function () { self.showMore(self.serial); });
    if (params.toString()) this.run();
  };
  document.querySelectorAll('[data-search]').forEach(function (scope) { new Search(scope).start(); });
})();
"""#
}
