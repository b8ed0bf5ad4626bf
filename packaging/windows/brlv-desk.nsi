; The per-user Windows installer (NSIS 3, Unicode, x64), built on Linux by
; packaging/windows/build-installers.sh with Debian's makensis:
;
;   makensis -DVERSION=0.1.0 -DVERSION4=0.1.0.0 -DSTAGE=DIR \
;            -DOUTFILE=... packaging/windows/brlv-desk.nsi
;
; Installs for the person running it (no administrator) into
; %LOCALAPPDATA%\Programs\brlv-desk: the program (brlv-desk.exe, the window;
; brlv-desk.com, the same program for terminals), its icon, the README and
; docs/, a Start-menu
; shortcut and an entry in Apps & features. Running a newer installer over an
; older one upgrades it in place. The uninstaller removes all of that; the
; person's profiles, keyring entries and journal stay unless they tick the
; option that removes them (off in a silent uninstall, /S).

Unicode true
Target amd64-unicode
RequestExecutionLevel user
!ifdef STORE_ONLY
  ; Not for release: the older version CI upgrades from, built in seconds.
  SetCompress off
!else
  SetCompressor /SOLID lzma
!endif
ManifestDPIAware true

!ifndef VERSION | VERSION4 | STAGE | OUTFILE
  !error "VERSION, VERSION4, STAGE and OUTFILE must be defined (-D); see packaging/windows/build-installers.sh"
!endif

!define APP "brlv-desk"
!define PUBLISHER "brlv-desk developers"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APP}"
!define APP_KEY "Software\${APP}"
; The application user model id: on the Start-menu shortcut, it is what
; Windows files the app's taskbar button and notifications under.
!define /ifndef APP_USER_MODEL_ID "org.brlvdesk.desk"

!ifdef SIGN_COMMAND
  ; The uninstaller is written, signed (packaging/sign.sh) and only then
  ; packed into the installer, so the uninstall.exe an install writes
  ; carries the signature. A copy of it, for checking, goes to UNINSTALLER_COPY.
  !uninstfinalize '${SIGN_COMMAND} "%1"' = 0
  !ifdef UNINSTALLER_COPY
    !uninstfinalize 'cp "%1" "${UNINSTALLER_COPY}"' = 0
  !endif
!endif

Name "${APP}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APP}"
; An upgrade goes where the previous version went.
InstallDirRegKey HKCU "${APP_KEY}" "InstallDir"
BrandingText "${APP} ${VERSION}"

VIProductVersion "${VERSION4}"
VIAddVersionKey /LANG=0 "ProductName" "${APP}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=0 "FileDescription" "${APP} installer"
VIAddVersionKey /LANG=0 "LegalCopyright" "${PUBLISHER}, MIT OR Apache-2.0"

!include "MUI2.nsh"
!include "FileFunc.nsh"
!include "LogicLib.nsh"
!include "Win\COM.nsh"
!include "Win\Propkey.nsh"

; Writes System.AppUserModel.ID onto a shortcut CreateShortcut made: with
; no plugin beyond NSIS's own System, through the shortcut's IPropertyStore
; (NSIS's Include\Win\COM.nsh shows the way). Nothing is reported when
; Windows refuses: the shortcut still starts the program.
!macro SetShortcutAppUserModelId LINK APP_ID
  Push $0
  Push $1
  Push $2
  Push $3
  Push $4
  !insertmacro ComHlpr_CreateInProcInstance ${CLSID_ShellLink} ${IID_IShellLink} r0 ""
  ${If} $0 P<> 0
    ${IUnknown::QueryInterface} $0 '("${IID_IPersistFile}",.r1)'
    ${If} $1 P<> 0
      ${IPersistFile::Load} $1 '("${LINK}",${STGM_READWRITE}).r2'
      ${If} $2 = 0
        ${IUnknown::QueryInterface} $0 '("${IID_IPropertyStore}",.r2)'
        ${If} $2 P<> 0
          System::Call '*${SYSSTRUCT_PROPERTYKEY}(${PKEY_AppUserModel_ID})p.r3'
          ; A PROPVARIANT of type VT_LPWSTR: the type, six reserved bytes, the string.
          System::Call '*(&i2 ${VT_LPWSTR},&i6 0,w "${APP_ID}",p 0)p.r4'
          ${IPropertyStore::SetValue} $2 '($3,$4)'
          ${IPropertyStore::Commit} $2 ""
          System::Free $3
          System::Free $4
          ${IUnknown::Release} $2 ""
          ${IPersistFile::Save} $1 '("${LINK}",1)'
        ${EndIf}
      ${EndIf}
      ${IUnknown::Release} $1 ""
    ${EndIf}
    ${IUnknown::Release} $0 ""
  ${EndIf}
  Pop $4
  Pop $3
  Pop $2
  Pop $1
  Pop $0
!macroend

!define MUI_ICON "${STAGE}\brlv-desk.ico"
!define MUI_UNICON "${STAGE}\brlv-desk.ico"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\brlv-desk.exe"
!define MUI_UNCOMPONENTSPAGE_NODESC

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH

!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_COMPONENTS
!insertmacro MUI_UNPAGE_INSTFILES

; The installer speaks Windows' language when it is one of these (English otherwise).
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "PortugueseBR"

LangString SEC_PROGRAM ${LANG_ENGLISH} "The program, its shortcut and its entry in Apps & features"
LangString SEC_PROGRAM ${LANG_PORTUGUESEBR} "O programa, o atalho e a entrada em Aplicativos e recursos"
LangString SEC_DATA ${LANG_ENGLISH} "Also my profiles, their keyring entries, this computer's activity journal and the app's settings"
LangString SEC_DATA ${LANG_PORTUGUESEBR} "Também meus perfis, suas entradas no chaveiro, o diário de atividade deste computador e as configurações do aplicativo"
LangString SHORTCUT_DESCRIPTION ${LANG_ENGLISH} "Dashboard for BRL/BRLV conversion, wallet and payout accounts"
LangString SHORTCUT_DESCRIPTION ${LANG_PORTUGUESEBR} "Painel de contas de conversão BRL/BRLV, carteiras e pagamentos"

Section "-${APP}" SecProgram
  SetOutPath "$INSTDIR"
  File "${STAGE}\brlv-desk.exe"
  File "${STAGE}\brlv-desk.com"
  File "${STAGE}\brlv-desk.ico"
  File "/oname=README.md" "${STAGE}\README.md"
  ; The pages the README links to and the screenshots it shows, at the same
  ; relative paths as in the repository.
  SetOutPath "$INSTDIR\docs"
  File "${STAGE}\docs\*.md"
  SetOutPath "$INSTDIR\assets\screenshots"
  File "${STAGE}\assets\screenshots\*.png"
  SetOutPath "$INSTDIR"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortcut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\brlv-desk.exe" "" "$INSTDIR\brlv-desk.ico" 0 SW_SHOWNORMAL "" "$(SHORTCUT_DESCRIPTION)"
  !insertmacro SetShortcutAppUserModelId "$SMPROGRAMS\${APP}.lnk" "${APP_USER_MODEL_ID}"

  WriteRegStr HKCU "${APP_KEY}" "InstallDir" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\brlv-desk.ico"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  IntFmt $0 "0x%08X" $0
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" "$0"
SectionEnd

Section "un.$(SEC_PROGRAM)" UnSecProgram
  SectionIn RO
SectionEnd

; Off unless ticked: an uninstall (or an upgrade by hand) keeps what the
; person made. Removing the profiles goes through the program itself, which
; knows their keyring entries and journals.
Section /o "un.$(SEC_DATA)" UnSecData
  ExecWait '"$INSTDIR\brlv-desk.com" profile remove --all'
  RMDir /r "$APPDATA\${APP}"
  RMDir /r "$LOCALAPPDATA\${APP}"
SectionEnd

Section "-un.files"
  Delete "$SMPROGRAMS\${APP}.lnk"
  Delete "$INSTDIR\brlv-desk.exe"
  Delete "$INSTDIR\brlv-desk.com"
  Delete "$INSTDIR\brlv-desk.ico"
  Delete "$INSTDIR\README.md"
  RMDir /r "$INSTDIR\docs"
  RMDir /r "$INSTDIR\assets"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegKey HKCU "${APP_KEY}"
SectionEnd
