import GestureKit

extension ScriptPlayer {
    /// Lets `page NAME` and `expect page` drive an app whose pages are the
    /// tabs of the window's root `TabBarController`, `pages[i]` naming tab
    /// `i` (the same names as the vocabulary's pages). `page NAME` selects
    /// that tab, as a tap on it would; `expect page` reads the name of the
    /// tab shown. A name not in `pages` (the parser admits none) shows
    /// nothing, and without a tab bar there is no page to show or read.
    public func connectPages(_ pages: [String]) {
        let window = self.window
        onPage = { name in
            guard let index = pages.firstIndex(of: name) else { return }
            (window.rootViewController as? TabBarController)?.selectedIndex = index
        }
        currentPage = {
            guard let tabs = window.rootViewController as? TabBarController,
                  pages.indices.contains(tabs.selectedIndex) else { return nil }
            return pages[tabs.selectedIndex]
        }
    }
}
