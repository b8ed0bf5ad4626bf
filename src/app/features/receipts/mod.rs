//! A movement's receipt as the window holds it: where its saving stands
//! ([`state`]). The control under a movement's detail is the panel kit's
//! (`panel::receipt`); the receipt's content and renderings are
//! `app::receipt`; the system's file dialogs are `app::dialog`.

pub mod state;
