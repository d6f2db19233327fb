<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>al::ui::MainWindow</name>
    <message>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Step through</source>
        <translation>逐步演示</translation>
    </message>
    <message>
        <source>Normalization</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>Chatbot</source>
        <translation>聊天机器人</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
</context>
<context>
    <name>al::ui::TrainingControls</name>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
</context>
</TS>
