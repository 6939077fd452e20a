catalogSearch.load("search/es-us/manifest.js",{"docs":5,"chunk":16,"packs":["ab"]});
